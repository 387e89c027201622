// Adds lock entries for platform-specific optional packages the registry mirror does not carry,
// so `npm ci` sees the lock in sync and skips them by os/cpu/libc as on any other machine.
const fs = require('node:fs');
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const pkgs = lock.packages;
let added = 0;
for (const [_path, entry] of Object.entries(pkgs)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (pkgs[key]) continue;
    const m =
      /-(android|darwin|freebsd|linux|openbsd|openharmony|win32|sunos|aix|netbsd)-(arm64|x64|arm|ia32|loong64|ppc64|riscv64|s390x|mips64el)(?:-(gnueabihf|musleabihf|gnu|musl|msvc|eabi))?$/.exec(
        name,
      );
    if (!m) {
      console.error('cannot infer platform of', name);
      continue;
    }
    const [, os, cpu, abi] = m;
    const e = { version, dev: entry.dev, optional: true, os: [os], cpu: [cpu] };
    if (!entry.dev) delete e.dev;
    if (os === 'linux' && abi) e.libc = [abi.startsWith('musl') ? 'musl' : 'glibc'];
    pkgs[key] = e;
    added++;
  }
}
const sorted = {};
for (const k of Object.keys(pkgs).sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))))
  sorted[k] = pkgs[k];
lock.packages = sorted;
fs.writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log('added', added);
