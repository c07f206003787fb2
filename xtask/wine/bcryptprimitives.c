/* A stand-in for Windows' bcryptprimitives.dll, which wine 8 lacks and Rust's std
   (since 1.78) imports for ProcessPrng. It fills the buffer from advapi32's
   RtlGenRandom (SystemFunction036), at most 0x7fffffff bytes per call. Built with
   mingw-w64 and copied into the wine prefix's system32 by `cargo xtask wine`; never
   shipped. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG n = len > 0x7fffffff ? 0x7fffffff : (ULONG)len;
        if (!SystemFunction036(data, n)) return FALSE;
        data += n;
        len -= n;
    }
    return TRUE;
}
