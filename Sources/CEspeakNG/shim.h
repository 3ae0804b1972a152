#pragma once
// libespeak-ng (1.51, Debian's libespeak-ng-dev) through its eSpeak-compatible API, wrapped by the
// Speech module only: the fallback voice where no speech-dispatcher runs.
#include <espeak-ng/speak_lib.h>
