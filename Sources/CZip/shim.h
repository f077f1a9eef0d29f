// libzip (dotLottie archives) and zlib (gzip: Telegram's .tgs stickers).
#include <zip.h>
#include <zlib.h>
