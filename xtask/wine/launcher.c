/* A stand-in runtime for the Windows end-to-end checks of `cargo xtask wine`: copied as
   claude.exe, codex.exe, CODEX.EXE or node.exe, it runs a command as its child and
   exits with the child's status, so the child sees a real Windows process tree above it.
   `launcher.exe A B -- CMD ARGS...` runs CMD ARGS (A B stay in the launcher's own command
   line, as a script path does in node.exe's); without `--` it runs everything after its
   own name. Built with mingw-w64; never shipped. */
#include <windows.h>
#include <shellapi.h>
#include <stdlib.h>
#include <wchar.h>

/* Appends `arg` to `out` quoted as CommandLineToArgvW reads it back. */
static void append_quoted(wchar_t *out, const wchar_t *arg) {
    size_t len = wcslen(out);
    if (len > 0) out[len++] = L' ';
    out[len++] = L'"';
    for (const wchar_t *p = arg;; p++) {
        size_t slashes = 0;
        while (*p == L'\\') { p++; slashes++; }
        if (*p == 0) { for (size_t i = 0; i < 2 * slashes; i++) out[len++] = L'\\'; break; }
        if (*p == L'"') { for (size_t i = 0; i < 2 * slashes + 1; i++) out[len++] = L'\\'; }
        else { for (size_t i = 0; i < slashes; i++) out[len++] = L'\\'; }
        out[len++] = *p;
    }
    out[len++] = L'"';
    out[len] = 0;
}

int main(void) {
    int argc = 0;
    wchar_t **argv = CommandLineToArgvW(GetCommandLineW(), &argc);
    if (argv == NULL || argc < 2) return 120;
    int first = 1;
    for (int i = 1; i < argc; i++) {
        if (wcscmp(argv[i], L"--") == 0) { first = i + 1; break; }
    }
    if (first >= argc) return 121;
    size_t size = 1;
    for (int i = first; i < argc; i++) size += 2 * wcslen(argv[i]) + 4;
    wchar_t *line = calloc(size, sizeof(wchar_t));
    if (line == NULL) return 122;
    for (int i = first; i < argc; i++) append_quoted(line, argv[i]);
    STARTUPINFOW si = {0};
    si.cb = sizeof si;
    PROCESS_INFORMATION pi;
    if (!CreateProcessW(NULL, line, NULL, NULL, TRUE, 0, NULL, NULL, &si, &pi)) return 123;
    WaitForSingleObject(pi.hProcess, INFINITE);
    DWORD code = 124;
    GetExitCodeProcess(pi.hProcess, &code);
    return (int)code;
}
