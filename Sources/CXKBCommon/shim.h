#pragma once
// libxkbcommon keymaps, key state and compose tables, wrapped by the Keymap module only.
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>
#include <xkbcommon/xkbcommon-keysyms.h>
