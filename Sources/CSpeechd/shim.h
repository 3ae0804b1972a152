#pragma once
// libspeechd (speech-dispatcher 0.11, Debian's libspeechd-dev), wrapped by the Speech module only:
// the SSIP client that talks to the speech-dispatcher daemon over its socket.
#include <libspeechd.h>
