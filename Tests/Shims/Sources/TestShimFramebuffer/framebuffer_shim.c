/*
 * Test-only LD_PRELOAD stand-in for a Linux framebuffer driver. These machines have no /dev/fb0:
 * a plain file of the right size stands in for the node (mmap of a regular file works as is), and
 * this shim answers the kernel's ioctls for that one file. It fakes only the kernel's answers;
 * every other ioctl goes to the real one (dlsym(RTLD_NEXT, "ioctl")). A descriptor is the file's
 * when fstat gives the same device and inode as stat of the path.
 *
 * Environment (read once, at the first ioctl):
 *   FAKEFB_PATH            the file standing in for the framebuffer node (unset: the shim is inert)
 *   FAKEFB_XRES, FAKEFB_YRES                       visible resolution (default 64x48)
 *   FAKEFB_XRES_VIRTUAL, FAKEFB_YRES_VIRTUAL       virtual size (default: the visible one)
 *   FAKEFB_XOFFSET, FAKEFB_YOFFSET                 pan offset at start (default 0,0)
 *   FAKEFB_BPP             bits per pixel (default 32)
 *   FAKEFB_CHANNELS        "roff/rlen,goff/glen,boff/blen,aoff/alen" (default XRGB8888, or RGB565 at 16 bpp)
 *   FAKEFB_LINE_LENGTH     bytes per line (default xres_virtual * bpp / 8)
 *   FAKEFB_SMEM_LEN        memory length (default line_length * yres_virtual)
 *   FAKEFB_TYPE, FAKEFB_VISUAL   FB_TYPE_* and FB_VISUAL_* (default packed pixels, truecolor)
 *   FAKEFB_YPANSTEP        (default 1 when yres_virtual > yres, else 0)
 *   FAKEFB_PAN_FAILS       when "1", FBIOPAN_DISPLAY fails with EINVAL (a driver that cannot pan)
 *   FAKEFB_TTY             a file standing in for a virtual terminal: KDGETMODE/KDSETMODE,
 *                          KDGKBMODE/KDSKBMODE, VT_SETMODE and VT_RELDISP answered
 *   FAKEFB_LOG             side file; one line appended per answered call that changes state:
 *                          "pan X Y", "put X Y", "blank LEVEL", "kdmode MODE", "kbmode MODE",
 *                          "vtmode MODE RELSIG", "reldisp ANSWER"
 *
 * Answered: FBIOGET_VSCREENINFO, FBIOGET_FSCREENINFO, FBIOPUT_VSCREENINFO (offsets only: a change
 * of resolution or depth is EINVAL), FBIOPAN_DISPLAY (EINVAL outside the virtual screen, as the
 * kernel), FBIOBLANK; on FAKEFB_TTY, the console calls above (keyboard mode K_UNICODE at start).
 * Anything else on the file: the real
 * ioctl (ENOTTY for a regular file, as a driver without that call).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/fb.h>
#include <linux/kd.h>
#include <linux/vt.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int configured;
static struct fb_var_screeninfo var;
static struct fb_fix_screeninfo fix;
static int pan_fails;
static int kd_mode = KD_TEXT;
static int keyboard_mode = K_UNICODE;

static unsigned number(const char *name, unsigned fallback) {
    const char *value = getenv(name);
    if (value == NULL || *value == '\0') return fallback;
    char *end;
    unsigned long parsed = strtoul(value, &end, 10);
    return *end == '\0' ? (unsigned)parsed : fallback;
}

static void configure(void) {
    if (configured) return;
    configured = 1;
    var.xres = number("FAKEFB_XRES", 64);
    var.yres = number("FAKEFB_YRES", 48);
    var.xres_virtual = number("FAKEFB_XRES_VIRTUAL", var.xres);
    var.yres_virtual = number("FAKEFB_YRES_VIRTUAL", var.yres);
    var.xoffset = number("FAKEFB_XOFFSET", 0);
    var.yoffset = number("FAKEFB_YOFFSET", 0);
    var.bits_per_pixel = number("FAKEFB_BPP", 32);
    unsigned c[8] = {16, 8, 8, 8, 0, 8, 0, 0};
    if (var.bits_per_pixel == 16) { unsigned rgb565[8] = {11, 5, 5, 6, 0, 5, 0, 0}; memcpy(c, rgb565, sizeof c); }
    const char *channels = getenv("FAKEFB_CHANNELS");
    if (channels != NULL)
        sscanf(channels, "%u/%u,%u/%u,%u/%u,%u/%u", &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7]);
    var.red.offset = c[0]; var.red.length = c[1];
    var.green.offset = c[2]; var.green.length = c[3];
    var.blue.offset = c[4]; var.blue.length = c[5];
    var.transp.offset = c[6]; var.transp.length = c[7];
    var.height = var.width = (unsigned)-1;
    snprintf(fix.id, sizeof fix.id, "fakefb");
    fix.type = number("FAKEFB_TYPE", FB_TYPE_PACKED_PIXELS);
    fix.visual = number("FAKEFB_VISUAL", FB_VISUAL_TRUECOLOR);
    fix.line_length = number("FAKEFB_LINE_LENGTH", var.xres_virtual * var.bits_per_pixel / 8);
    fix.smem_len = number("FAKEFB_SMEM_LEN", fix.line_length * var.yres_virtual);
    fix.ypanstep = number("FAKEFB_YPANSTEP", var.yres_virtual > var.yres ? 1 : 0);
    fix.xpanstep = var.xres_virtual > var.xres ? 1 : 0;
    pan_fails = number("FAKEFB_PAN_FAILS", 0) == 1;
}

/* Whether `fd` is the file named by the environment variable `name`. */
static int is_file(int fd, const char *name) {
    const char *path = getenv(name);
    struct stat a, b;
    if (path == NULL || fstat(fd, &a) != 0 || stat(path, &b) != 0) return 0;
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

static void note(const char *format, long first, long second) {
    const char *path = getenv("FAKEFB_LOG");
    if (path == NULL) return;
    char line[64];
    int n = snprintf(line, sizeof line, format, first, second);
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return;
    if (write(fd, line, (size_t)n) != n) { /* a test reading the log sees the short line */ }
    close(fd);
}

static int answer_framebuffer(unsigned long request, unsigned long arg) {
    struct fb_var_screeninfo *given = (struct fb_var_screeninfo *)arg;
    switch (request) {
    case FBIOGET_VSCREENINFO: *given = var; return 0;
    case FBIOGET_FSCREENINFO: *(struct fb_fix_screeninfo *)arg = fix; return 0;
    case FBIOPUT_VSCREENINFO:
        if (given->xres != var.xres || given->yres != var.yres || given->bits_per_pixel != var.bits_per_pixel) {
            errno = EINVAL;
            return -1;
        }
        /* fall through: the offsets are applied as a pan would */
    case FBIOPAN_DISPLAY:
        if (pan_fails || given->xoffset + var.xres > var.xres_virtual || given->yoffset + var.yres > var.yres_virtual) {
            errno = EINVAL;
            return -1;
        }
        var.xoffset = given->xoffset;
        var.yoffset = given->yoffset;
        note(request == FBIOPAN_DISPLAY ? "pan %ld %ld\n" : "put %ld %ld\n", var.xoffset, var.yoffset);
        return 0;
    case FBIOBLANK:
        if (arg > FB_BLANK_POWERDOWN) { errno = EINVAL; return -1; }
        note("blank %ld\n", (long)arg, 0);
        return 0;
    default:
        return -2;
    }
}

static int answer_terminal(unsigned long request, unsigned long arg) {
    switch (request) {
    case KDGETMODE: *(int *)arg = kd_mode; return 0;
    case KDSETMODE:
        if (arg != KD_TEXT && arg != KD_GRAPHICS) { errno = EINVAL; return -1; }
        kd_mode = (int)arg;
        note("kdmode %ld\n", (long)arg, 0);
        return 0;
    case KDGKBMODE: *(int *)arg = keyboard_mode; return 0;
    case KDSKBMODE:
        if (arg > K_OFF) { errno = EINVAL; return -1; }
        keyboard_mode = (int)arg;
        note("kbmode %ld\n", (long)arg, 0);
        return 0;
    case VT_SETMODE: {
        const struct vt_mode *mode = (const struct vt_mode *)arg;
        note("vtmode %ld %ld\n", (long)mode->mode, (long)mode->relsig);
        return 0;
    }
    case VT_RELDISP:
        note("reldisp %ld\n", (long)arg, 0);
        return 0;
    default:
        return -2;
    }
}

int ioctl(int fd, unsigned long request, ...) {
    static int (*next_ioctl)(int, unsigned long, ...);
    if (next_ioctl == NULL) next_ioctl = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
    va_list args;
    va_start(args, request);
    unsigned long arg = va_arg(args, unsigned long);
    va_end(args);
    int result = -2;
    pthread_mutex_lock(&lock);
    configure();
    if (is_file(fd, "FAKEFB_PATH")) result = answer_framebuffer(request, arg);
    else if (is_file(fd, "FAKEFB_TTY")) result = answer_terminal(request, arg);
    pthread_mutex_unlock(&lock);
    return result != -2 ? result : next_ioctl(fd, request, arg);
}
