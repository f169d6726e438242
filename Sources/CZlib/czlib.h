/* zlib's compress/uncompress and crc32, for the text store (`TextStoreFormat`). */
#include <zlib.h>
