//! The sandbox test (`cargo xtask conformance --sandbox-test`): a stand-in for a runtime
//! (this executable as `conformance-escape`), launched exactly as a runtime is (the same
//! outside half, the same [`sandbox::enter`](crate::sandbox::enter), hand-over and
//! [`launch`](crate::run::launch)), tries to leave the sandbox: to write on the host
//! (outside the run, the cache prefix, hal, `/tmp`, `/var/tmp`, `/dev/shm`, `/run`), to
//! undo the sandbox (remount `/` writable, unmount the private `/tmp` and `/run`), to reach
//! host UNIX sockets (in the host's `/tmp` and `/run`, mode 0777 so only the sandbox can
//! refuse it) and the host's network (a listener on every host address); to read a file
//! beside a directory shown at its own path (a venv's stand-in under a parent of mode
//! 0700), which must be gone, while the file in that directory must be readable; to see a
//! host SysV segment and leave a message queue behind; to reserve more memory and start
//! more threads than the run's limits allow (a memory and a task hog); to turn the outside half against
//! the host: an `unshare` planted in its HOME with a captured relative `PATH` leading
//! there (the replays), links from the run files the outside half collects to a host
//! secret. The outside half then collects and replays the run as the suite does. The outside
//! half judges by what the host saw (files that appeared, connections accepted), and by the
//! stand-in's report for what must work (its HOME, workspace and prefix cache directory
//! writable, loopback reachable) and who it ran as. Then each layer of the sandbox is
//! switched off in turn ([`Weaken`]): the verdict must fail every time (a limit switched
//! off: its hog escaping), or the test fails.

use std::net::{TcpListener, TcpStream};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use serde_json::{Value, json};

use crate::capture::Placeholders;
use crate::run::{self, Mode, RunArgs};
use crate::sandbox::{PREFIX, Weaken};
use crate::util::{RunFiles, SYSTEM_PATH};

/// The id of the stand-in's runs (no runtime of the table).
const ID: &str = "sandbox-test";
/// The prefix directory the stand-in may write (as Copilot's `copilot-cache`).
const CACHE_WRITE: &str = "cache-write";
/// The file each write attempt creates.
const ESCAPE: &str = "hal-sandbox-escape";

/// What the outside half tells the stand-in to try (`targets.json` in the run dir).
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct Targets {
    /// Files to create (the host must not see any).
    write: Vec<PathBuf>,
    /// Host UNIX sockets to connect to.
    sockets: Vec<PathBuf>,
    /// Host TCP listeners (`ip:port`) to connect to.
    tcp: Vec<String>,
    /// Directories shown at their own paths under a parent the stand-in cannot traverse
    /// (as a venv under a 0700 HOME): a file in each must be readable.
    same: Vec<PathBuf>,
    /// Host files beside them, under the same parent, that must not be.
    hidden: Vec<PathBuf>,
    /// The key of a host SysV shared memory segment (mode 0644) it must not see.
    ipc_key: String,
    /// Where its planted `unshare` writes (a host path: only a program the outside half
    /// runs can reach it).
    planted_marker: PathBuf,
    /// The relative `PATH` into its HOME's `bin` it captures, as the replays' working
    /// directory sees it (hostile-findings R1).
    replay_path: String,
}

/// The text of the host secret (beside a directory shown at its own path): neither the
/// stand-in nor what the outside half collects of the run may hold it.
const CANARY: &str = "hal-sandbox-canary";

/// How the verdict names the task hog's escape.
const TASK_HOG: &str = "the task hog";
/// How the verdict names the memory hog's escape.
const MEMORY_HOG: &str = "the memory hog";

/// The file each directory of [`Targets::same`] holds.
const SAME_FILE: &str = "pyvenv.cfg";

/// The inside half of a sandbox run: the sandbox, the run's files, then the stand-in
/// launched as a runtime.
pub(crate) fn inside(args: RunArgs) -> Result<(), String> {
    let targets: Targets = std::fs::read(args.dir.join("targets.json"))
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .ok_or("targets.json is unreadable")?;
    let (args, exe) = run::enter(args, &[CACHE_WRITE], &targets.same)?;
    run::prepare(&args, &exe)?;
    crate::sandbox::hand_over(&args.dir, args.weaken)?;
    let a = ["conformance-escape", "--targets", "targets.json", "--report", "report.json"];
    let a: Vec<String> = a.iter().map(|s| (*s).to_owned()).collect();
    let env = vec![("HAL_ESCAPE_RUN".to_owned(), args.dir.display().to_string())];
    let status = run::launch(&exe, &a, env, &args, SYSTEM_PATH)?;
    let out = json!({"exit": status.and_then(|s| s.code()), "timed_out": status.is_none()});
    std::fs::write(args.dir.join("run.json"), out.to_string()).map_err(|e| e.to_string())
}

/// The size in bytes of the file system at `dir` (`stat -f`).
fn fs_size(dir: &str) -> Option<u64> {
    let out = Command::new("stat").args(["-f", "-c", "%b %S", dir]).output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut n = text.split_whitespace().map(|v| v.parse::<u64>().ok());
    Some(n.next()??.saturating_mul(n.next()??))
}

/// The SysV IPC objects of this IPC namespace (`/proc/sysvipc/shm` or `msg`): their keys.
fn ipc_keys(kind: &str) -> Vec<String> {
    let text = std::fs::read_to_string(format!("/proc/sysvipc/{kind}")).unwrap_or_default();
    text.lines().skip(1).filter_map(|l| l.split_whitespace().next()).map(str::to_owned).collect()
}

/// `Ok` or the error's text.
fn outcome<T>(r: std::io::Result<T>) -> Value {
    match r {
        Ok(_) => json!("ok"),
        Err(e) => json!(e.to_string()),
    }
}

/// The stand-in (`xtask conformance-escape --targets FILE --report FILE`, paths relative
/// to the run dir `$HAL_ESCAPE_RUN`): tries everything, writes what happened.
#[allow(clippy::disallowed_methods, reason = "the stand-in reads what its launcher gave it, as a runtime would")]
pub(crate) fn main(argv: &[String]) -> Result<(), String> {
    let run = PathBuf::from(std::env::var_os("HAL_ESCAPE_RUN").ok_or("HAL_ESCAPE_RUN is not set")?);
    let arg = |name: &str| argv.iter().position(|a| a == name).and_then(|i| argv.get(i + 1)).map(|v| run.join(v));
    let targets: Targets = std::fs::read(arg("--targets").ok_or("--targets")?)
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .ok_or("targets.json is unreadable")?;
    let home = PathBuf::from(std::env::var_os("HOME").unwrap_or_default());
    let ws = std::env::current_dir().unwrap_or_default();
    let mut r = json!({});
    // What must work.
    let allowed = [home.join(ESCAPE), ws.join(ESCAPE), Path::new(PREFIX).join(CACHE_WRITE).join(ESCAPE)];
    r["allowed"] = allowed.iter().map(|p| (p.display().to_string(), outcome(std::fs::write(p, "x")))).collect();
    let lo = TcpListener::bind("127.0.0.1:0");
    r["loopback"] = outcome(lo.and_then(|l| TcpStream::connect(l.local_addr()?).map(|c| (l, c))));
    // Undoing the sandbox first (as root in the namespace this works; as nobody it must not).
    let undo = |args: &[&str]| Command::new("mount").args(args).output().map(|o| o.status.success());
    r["remount_root_rw"] = json!(undo(&["-o", "remount,bind,rw", "/"]).unwrap_or(false));
    let umount = |p: &str| Command::new("umount").args(["-l", p]).output().is_ok_and(|o| o.status.success());
    r["umount_tmp"] = json!(umount("/tmp"));
    r["umount_run"] = json!(umount("/run"));
    let read = |p: &Path| outcome(std::fs::read(p));
    r["same"] = targets.same.iter().map(|d| (d.display().to_string(), read(&d.join(SAME_FILE)))).collect();
    // What must not.
    r["hidden"] = targets.hidden.iter().map(|p| (p.display().to_string(), read(p))).collect();
    // A host segment of mode 0644 in sight is one it can attach and read.
    r["ipc_seen"] = json!(ipc_keys("shm").contains(&targets.ipc_key));
    r["queue_made"] =
        json!(Command::new("ipcmk").args(["-Q", "-p", "0600"]).output().is_ok_and(|o| o.status.success()));
    r["planted"] = outcome(plant(&run, &home, &targets));
    r["write"] = targets.write.iter().map(|p| (p.display().to_string(), outcome(std::fs::write(p, "x")))).collect();
    r["sockets"] = targets.sockets.iter().map(|p| (p.display().to_string(), outcome(UnixStream::connect(p)))).collect();
    let tcp = |a: &str| TcpStream::connect_timeout(&a.parse().map_err(std::io::Error::other)?, Duration::from_secs(2));
    r["tcp"] = targets.tcp.iter().map(|a| (a.clone(), outcome(tcp(a)))).collect();
    // This network namespace's interfaces (`/sys` is the host's; `/proc/self/net` is ours).
    let dev = std::fs::read_to_string("/proc/self/net/dev").unwrap_or_default();
    r["interfaces"] = dev.lines().skip(2).filter_map(|l| l.split(':').next()).map(|n| json!(n.trim())).collect();
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    for key in ["Uid", "Gid", "Groups", "CapEff", "CapBnd", "NoNewPrivs"] {
        let line = status.lines().find_map(|l| l.strip_prefix(&format!("{key}:")));
        r["status"][key] = json!(line.map(str::trim).unwrap_or_default());
    }
    let limits = std::fs::read_to_string("/proc/self/limits").unwrap_or_default();
    for (key, name) in [("tasks", "Max processes"), ("memory", "Max data size")] {
        let soft = limits.lines().find_map(|l| l.strip_prefix(name)).and_then(|l| l.split_whitespace().next());
        r["limits"][key] = json!(soft.and_then(|v| v.parse::<u64>().ok()));
    }
    for (dir, _, _) in crate::sandbox::TMPFS {
        r["tmpfs"][dir] = json!(fs_size(dir));
    }
    // The hogs (hostile-findings R9): more memory, then more tasks, than the limits allow.
    r["hogs"]["memory"] = json!(memory_hog(crate::sandbox::MEMORY_LIMIT + (1 << 30)));
    r["hogs"]["tasks"] = json!(task_hog(crate::sandbox::TASK_LIMIT + 1));
    let report = arg("--report").ok_or("--report")?;
    std::fs::write(report, serde_json::to_string_pretty(&r).unwrap_or_default()).map_err(|e| e.to_string())
}

/// A memory hog: `bytes` reserved (not written: no page of it is used) if the run's
/// memory limit lets it, else 0.
fn memory_hog(bytes: u64) -> u64 {
    let mut hog: Vec<u8> = Vec::new();
    let got = usize::try_from(bytes).is_ok_and(|n| hog.try_reserve_exact(n).is_ok());
    if got { bytes } else { 0 }
}

/// A task hog: up to `most` threads (small stacks, each waiting), alive at once; how
/// many the run's task limit let it start. They end before it returns.
fn task_hog(most: u64) -> u64 {
    let gate = std::sync::Arc::new(std::sync::RwLock::new(()));
    let held = gate.write().unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut started = Vec::new();
    for _ in 0..most {
        let g = std::sync::Arc::clone(&gate);
        let t = std::thread::Builder::new().stack_size(64 << 10).spawn(move || drop(g.read()));
        match t {
            Ok(t) => started.push(t),
            Err(_) => break,
        }
    }
    drop(held);
    let n = started.len() as u64;
    for t in started {
        let _ = t.join();
    }
    n
}

/// What a hostile runtime leaves for the outside half: an `unshare` in its HOME's `bin`
/// and a tool capture whose `PATH` leads there (hostile-findings R1); links from the run
/// files the outside half reads to the host secret (R3).
fn plant(run: &Path, home: &Path, targets: &Targets) -> std::io::Result<()> {
    let bin = home.join("bin");
    std::fs::create_dir_all(&bin)?;
    let script = format!("#!/bin/sh\necho \"ran as $(id -u)\" > '{}'\n", targets.planted_marker.display());
    std::fs::write(bin.join("unshare"), script)?;
    std::fs::set_permissions(bin.join("unshare"), std::fs::Permissions::from_mode(0o755))?;
    let captures = run.join("captures");
    std::fs::create_dir_all(&captures)?;
    let env = json!({"PATH": targets.replay_path, "LD_LIBRARY_PATH": targets.replay_path, "HOME": home});
    std::fs::write(captures.join("1-tool.json"), json!({"context": "tool", "env": env}).to_string())?;
    for secret in &targets.hidden {
        std::os::unix::fs::symlink(secret, captures.join("0-link.json"))?;
        for name in ["start.json", "requests.json", "gt.log"] {
            std::os::unix::fs::symlink(secret, run.join(name))?;
        }
    }
    Ok(())
}

/// What the host saw during one run.
struct Host {
    /// UNIX listeners in the host's `/tmp` and `/run`.
    sockets: Vec<(PathBuf, UnixListener)>,
    /// The TCP listener on every host address, and where the stand-in is sent.
    tcp: (TcpListener, Vec<String>),
    /// The host files the stand-in is told to create.
    writes: Vec<PathBuf>,
    /// The files whose content must stay (hal, the prefix's file), with it.
    kept: Vec<(PathBuf, Vec<u8>)>,
    /// The directories shown at their own paths ([`Targets::same`]).
    same: Vec<PathBuf>,
    /// The files beside them ([`Targets::hidden`]).
    hidden: Vec<PathBuf>,
    /// The host segment ([`Targets::ipc_key`]): its key and id.
    ipc: (String, String),
    /// The host's message queues before the run (one the stand-in makes must not outlive
    /// its namespace).
    queues: Vec<String>,
}

/// The host's own addresses (`ip -o addr`), loopback included: the stand-in is sent to
/// each, so the host network is caught whatever its routes.
fn host_addresses() -> Vec<String> {
    let out = Command::new(crate::util::system_program("ip"))
        .args(["-o", "addr", "show"])
        .output()
        .map(|o| o.stdout)
        .unwrap_or_default();
    let text = String::from_utf8_lossy(&out);
    let mut addrs: Vec<String> = text
        .lines()
        .filter_map(|l| {
            let mut f = l.split_whitespace();
            let fam = f.nth(2)?;
            let addr = f.next()?.split('/').next()?;
            (fam == "inet").then(|| addr.to_owned())
        })
        .collect();
    if !addrs.iter().any(|a| a == "127.0.0.1") {
        addrs.push("127.0.0.1".into());
    }
    addrs
}

/// The host side of one run of `dir` (the fixed host paths carry `tag`).
fn host(dir: &Path, prefix: &Path, hal: &Path, tag: &str) -> Result<Host, String> {
    let mut sockets = Vec::new();
    for base in ["/tmp", "/run"] {
        let p = Path::new(base).join(format!("hal-sandbox-test-{tag}.sock"));
        let _ = std::fs::remove_file(&p);
        let l = UnixListener::bind(&p).map_err(|e| format!("{}: {e}", p.display()))?;
        l.set_nonblocking(true).map_err(|e| e.to_string())?;
        // Anyone may connect: only the sandbox refuses the stand-in.
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o777)).map_err(|e| e.to_string())?;
        sockets.push((p, l));
    }
    let l = TcpListener::bind("0.0.0.0:0").map_err(|e| e.to_string())?;
    l.set_nonblocking(true).map_err(|e| e.to_string())?;
    let port = l.local_addr().map_err(|e| e.to_string())?.port();
    let tcp = host_addresses().into_iter().map(|a| format!("{a}:{port}")).collect();
    let outside = dir.parent().unwrap_or(dir).join("outside");
    std::fs::create_dir_all(&outside).map_err(|e| e.to_string())?;
    // World-writable: only the sandbox refuses the stand-in.
    std::fs::set_permissions(&outside, std::fs::Permissions::from_mode(0o1777)).map_err(|e| e.to_string())?;
    let name = format!("{ESCAPE}-{tag}");
    // A venv's stand-in: a directory under a parent of mode 0700, a secret beside it.
    let private = dir.parent().unwrap_or(dir).join("private");
    let same = private.join("venv");
    std::fs::create_dir_all(&same).map_err(|e| e.to_string())?;
    std::fs::write(same.join(SAME_FILE), "home = /usr/bin\n").map_err(|e| e.to_string())?;
    let secret = json!({"context": "hook:secret", "canary": CANARY}).to_string();
    std::fs::write(private.join("secret"), secret).map_err(|e| e.to_string())?;
    std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o700)).map_err(|e| e.to_string())?;
    let mut writes =
        vec![outside.join(&name), prefix.join(&name), same.join(&name), outside.join(format!("{name}-planted"))];
    writes.extend(["/tmp", "/var/tmp", "/dev/shm", "/run"].iter().map(|d| Path::new(d).join(&name)));
    let kept = vec![(hal.to_path_buf(), b"hal".to_vec()), (prefix.join("package.json"), b"{}".to_vec())];
    for (p, content) in &kept {
        std::fs::write(p, content).map_err(|e| e.to_string())?;
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o666)).map_err(|e| e.to_string())?;
    }
    Ok(Host {
        sockets,
        tcp: (l, tcp),
        writes,
        kept,
        same: vec![same],
        hidden: vec![private.join("secret")],
        ipc: segment()?,
        queues: ipc_keys("msg"),
    })
}

/// A host SysV shared memory segment of mode 0644 (as a host service's would be): its
/// key and id.
fn segment() -> Result<(String, String), String> {
    let ipcmk = crate::util::system_program("ipcmk");
    let out = Command::new(ipcmk).args(["-M", "4096", "-p", "0644"]).output().map_err(|e| format!("ipcmk: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let id = text.rsplit(':').next().map(str::trim).filter(|i| !i.is_empty()).ok_or("ipcmk made no segment")?;
    let info = std::fs::read_to_string("/proc/sysvipc/shm").unwrap_or_default();
    let key = info.lines().find_map(|l| {
        let mut f = l.split_whitespace();
        let key = f.next()?;
        (f.next()? == id).then(|| key.to_owned())
    });
    Ok((key.ok_or("the segment is not in /proc/sysvipc/shm")?, id.to_owned()))
}

/// The host's message queues made since `before` (by key).
fn new_queues(before: &[String]) -> Vec<String> {
    ipc_keys("msg").into_iter().filter(|k| !before.contains(k)).collect()
}

/// The problems of one run: every way out the host saw, every failed control of the
/// stand-in's report. Empty: the sandbox held.
fn verdict(host: &Host, report: Option<&Value>) -> Vec<String> {
    let mut problems = Vec::new();
    for (p, l) in &host.sockets {
        if l.accept().is_ok() {
            problems.push(format!("the host socket {} was reached", p.display()));
        }
    }
    if host.tcp.0.accept().is_ok() {
        problems.push("a host TCP listener was reached (not only loopback)".into());
    }
    for p in &host.writes {
        if p.exists() {
            problems.push(format!("{} was written on the host", p.display()));
        }
    }
    for (p, content) in &host.kept {
        if std::fs::read(p).ok().as_deref() != Some(content.as_slice()) {
            problems.push(format!("{} was changed", p.display()));
        }
    }
    if !new_queues(&host.queues).is_empty() {
        problems.push("a message queue the stand-in made is on the host (it outlived the namespace)".into());
    }
    let Some(r) = report else {
        problems.push("the stand-in wrote no report".into());
        return problems;
    };
    if r["ipc_seen"] == true {
        problems.push("the stand-in could attach a host SysV shared memory segment of mode 0644".into());
    }
    if r["planted"] != "ok" {
        problems.push(format!("the stand-in could not plant its files in its run dir: {}", r["planted"]));
    }
    let limit = |key: &str, max: u64| r["limits"][key].as_u64().is_none_or(|v| v > max);
    if limit("tasks", crate::sandbox::TASK_LIMIT) || limit("memory", crate::sandbox::MEMORY_LIMIT) {
        problems.push(format!("no task or memory limit: {}", r["limits"]));
    }
    let (tasks, memory) = (r["hogs"]["tasks"].as_u64(), r["hogs"]["memory"].as_u64());
    if tasks.is_none_or(|n| n > crate::sandbox::TASK_LIMIT) {
        problems.push(format!("{TASK_HOG} started {} threads, over the limit", r["hogs"]["tasks"]));
    }
    if memory.is_none_or(|n| n > crate::sandbox::MEMORY_LIMIT) {
        problems.push(format!("{MEMORY_HOG} reserved {} bytes, over the limit", r["hogs"]["memory"]));
    }
    for (dir, _, size) in crate::sandbox::TMPFS {
        if r["tmpfs"][dir].as_u64().is_some_and(|v| v > size) {
            problems.push(format!("{dir} holds {} bytes, more than {size}", r["tmpfs"][dir]));
        }
    }
    for (p, got) in r["allowed"].as_object().into_iter().flatten() {
        if got != "ok" {
            problems.push(format!("the stand-in could not write {p} (its own): {got}"));
        }
    }
    for (p, got) in r["same"].as_object().into_iter().flatten() {
        if got != "ok" {
            problems.push(format!("the stand-in could not read {p}/{SAME_FILE} (shown at its own path): {got}"));
        }
    }
    for (p, got) in r["hidden"].as_object().into_iter().flatten() {
        if got == "ok" {
            problems.push(format!("the stand-in could read {p} (beside a directory shown at its own path)"));
        }
    }
    if r["loopback"] != "ok" {
        problems.push(format!("loopback did not work: {}", r["loopback"]));
    }
    for key in ["remount_root_rw", "umount_tmp", "umount_run"] {
        if r[key] == true {
            problems.push(format!("the stand-in could undo the sandbox ({key})"));
        }
    }
    if r["interfaces"].as_array().is_none_or(|i| i.iter().any(|n| n != "lo")) {
        problems.push(format!("network interfaces beyond loopback: {}", r["interfaces"]));
    }
    let st = &r["status"];
    let nobody = crate::sandbox::NOBODY.to_string();
    let ids_ok = |v: &Value| v.as_str().is_some_and(|s| s.split_whitespace().all(|id| id == nobody));
    if !ids_ok(&st["Uid"]) || !ids_ok(&st["Gid"]) || st["Groups"] != "" {
        problems.push(format!("ran as uid {} gid {} groups {}, not only nobody", st["Uid"], st["Gid"], st["Groups"]));
    }
    if st["CapEff"] != "0000000000000000" || st["CapBnd"] != "0000000000000000" || st["NoNewPrivs"] != "1" {
        problems.push(format!("capabilities left: {st}"));
    }
    problems
}

/// Removes what a run left on the host.
fn clean(host: &Host) {
    for (p, _) in &host.sockets {
        let _ = std::fs::remove_file(p);
    }
    for p in &host.writes {
        let _ = std::fs::remove_file(p);
    }
    let ipcrm = crate::util::system_program("ipcrm");
    let _ = Command::new(&ipcrm).args(["-m", &host.ipc.1]).output();
    for key in new_queues(&host.queues) {
        let _ = Command::new(&ipcrm).args(["-Q", &key]).output();
    }
    // The mount point the host-tmp control made (empty: its tmpfs was the namespace's).
    let _ = std::fs::remove_dir("/run/hal");
}

/// One sandbox run with `weaken`, its outside half run by `exe`; its problems.
fn one(work: &Path, weaken: Option<Weaken>, exe: &Path) -> Result<Vec<String>, String> {
    let name = weaken.map_or("sandbox", Weaken::as_str);
    let base = work.join(name);
    let _ = std::fs::remove_dir_all(&base);
    let (prefix, node, hal) = (base.join("prefix"), base.join("node22/bin"), base.join("hal"));
    for d in [&prefix.join(CACHE_WRITE), &node] {
        std::fs::create_dir_all(d).map_err(|e| e.to_string())?;
    }
    std::fs::set_permissions(&prefix, std::fs::Permissions::from_mode(0o777)).map_err(|e| e.to_string())?;
    let tag = format!("{}-{name}", std::process::id());
    let dir = base.join("run");
    let host = host(&dir, &prefix, &hal, &tag)?;
    let args = RunArgs {
        id: ID.into(),
        mode: Mode::Sandbox,
        dir: dir.clone(),
        hal,
        prefix,
        node22: node,
        bun: PathBuf::new(),
        timeout: 30,
        hang: false,
        weaken,
        resume: None,
    };
    let targets = Targets {
        write: host.writes.clone(),
        sockets: host.sockets.iter().map(|(p, _)| p.clone()).collect(),
        tcp: host.tcp.1.clone(),
        same: host.same.clone(),
        hidden: host.hidden.clone(),
        ipc_key: host.ipc.0.clone(),
        planted_marker: host.writes[3].clone(),
        // The replays run in <base>/replay/<place>/ws; the run dir is <base>/run.
        replay_path: "../../../run/home/bin".into(),
    };
    let targets = serde_json::to_string(&targets).map_err(|e| e.to_string())?;
    let outcome = run::run_isolated_from(exe, &args, &[("targets.json", targets.as_str())]);
    std::thread::sleep(Duration::from_millis(100));
    let report: Option<Value> = crate::util::run_json(&dir, "report.json");
    // The outside half's own steps over what the stand-in left: the capture document
    // (links planted) and its replays (an `unshare` planted), as the suite takes them.
    let files = if weaken == Some(Weaken::FollowLinks) { RunFiles::Follow } else { RunFiles::Owned };
    let o = run::Outcome::none();
    let doc = crate::capture::collect_with(
        files,
        ID,
        "0",
        (&dir, &o),
        Some((&dir, &o, &json!({}))),
        &Placeholders::default(),
    );
    let parsed = crate::doc::Doc::parse(doc.clone())?;
    crate::replay::replay_with(&parsed, &args.hal, &base.join("replay"), weaken == Some(Weaken::CapturedPath))?;
    let mut problems = verdict(&host, report.as_ref());
    if doc.to_string().contains(CANARY) {
        problems.push("the outside half read the host secret through a link in the run dir".into());
    }
    clean(&host);
    if let Err(e) = outcome {
        problems.push(e);
    }
    if report.is_none() {
        let text = |f: &str| crate::util::read_run_file(&dir, f).map(|b| String::from_utf8_lossy(&b).into_owned());
        let (log, err) = (text("harness.log").unwrap_or_default(), text("stderr").unwrap_or_default());
        problems.push(format!("harness log: {}; stand-in stderr: {}", log.trim(), err.trim()));
    }
    Ok(problems)
}

/// [`one`] from `tmp` (under `/tmp`): its files there, the outside half a copy of `exe`.
fn from_tmp(tmp: &Path, exe: &Path) -> Result<Vec<String>, String> {
    let _ = std::fs::remove_dir_all(tmp);
    std::fs::create_dir_all(tmp).map_err(|e| format!("{}: {e}", tmp.display()))?;
    let copy = tmp.join("xtask");
    std::fs::copy(exe, &copy).map_err(|e| format!("{}: {e}", copy.display()))?;
    one(&tmp.join("work"), None, &copy)
}

/// Why the sandbox test cannot run here (`None`: it can): it needs root and the
/// namespaces.
fn unavailable() -> Option<String> {
    let ok = Command::new(crate::util::system_program("unshare"))
        .args(["--net", "--ipc", "--uts", "--pid", "--fork", "--mount-proc", "true"])
        .output()
        .is_ok_and(|o| o.status.success());
    let setpriv = Command::new(crate::util::system_program("setpriv"))
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    match (ok, setpriv) {
        (true, true) => None,
        (false, _) => {
            Some("`unshare --net --ipc --uts --pid --mount-proc` is not permitted here (it needs root)".into())
        }
        (_, false) => Some("setpriv (util-linux) is missing".into()),
    }
}

/// `cargo xtask conformance --sandbox-test`: the sandbox holds, and each layer switched
/// off is caught.
pub(crate) fn sandbox_test() -> Result<(), String> {
    if let Some(why) = unavailable() {
        eprintln!("    sandbox test skipped: {why}");
        return Ok(());
    }
    let work = crate::util::work_root().join("sandbox-test");
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut failures = Vec::new();
    let held = one(&work, None, &exe)?;
    if held.is_empty() {
        eprintln!(
            "    sandbox: held (no host write, socket, IPC object or network reached; nothing planted followed or run by the outside half; HOME, workspace, cache and loopback worked; nobody, no capabilities; a task hog and a memory hog stopped at the limits)"
        );
    } else {
        failures.push(format!("the sandbox did not hold:\n      {}", held.join("\n      ")));
    }
    // Hostile-findings R7: the clone, its target directory and the cache under /tmp
    // (which the sandbox covers with its own tmpfs), the outside half a copy from there.
    let tmp = Path::new("/tmp").join(format!("hal-sandbox-test-{}", std::process::id()));
    let under_tmp = from_tmp(&tmp, &exe);
    let _ = std::fs::remove_dir_all(&tmp);
    match under_tmp {
        Ok(p) if p.is_empty() => eprintln!("    sandbox from /tmp (clone, target and cache there): held"),
        Ok(p) if p.iter().any(|p| p.starts_with("the stand-in wrote no report")) => failures.push(format!(
            "the sandbox could not be set up from a clone under /tmp (not an escape):\n      {}",
            p.join("\n      ")
        )),
        Ok(p) => failures.push(format!("the sandbox from /tmp did not hold:\n      {}", p.join("\n      "))),
        Err(e) => failures.push(format!("the sandbox test from /tmp could not run: {e}")),
    }
    for w in Weaken::ALL {
        let caught = one(&work, Some(w), &exe)?;
        // A limit switched off is caught by its hog escaping, not only by the limit's absence.
        let hog = match w {
            Weaken::NoTaskLimit => Some(TASK_HOG),
            Weaken::NoMemoryLimit => Some(MEMORY_HOG),
            _ => None,
        };
        if caught.is_empty() {
            failures.push(format!("with {} switched off, the test saw nothing wrong", w.as_str()));
        } else if let Some(h) = hog.filter(|h| !caught.iter().any(|c| c.starts_with(h))) {
            failures.push(format!("with {} switched off, {h} did not escape: {}", w.as_str(), caught.join("; ")));
        } else {
            eprintln!("    weakened ({}): caught: {}", w.as_str(), caught.join("; "));
        }
    }
    if failures.is_empty() { Ok(()) } else { Err(failures.join("\n")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A report of a run that held passes; each way out fails it.
    #[test]
    fn the_verdict_fails_on_each_way_out() {
        let tmp = tempfile::tempdir().unwrap();
        let sock = tmp.path().join("s.sock");
        let l = UnixListener::bind(&sock).unwrap();
        l.set_nonblocking(true).unwrap();
        let tcp = TcpListener::bind("127.0.0.1:0").unwrap();
        tcp.set_nonblocking(true).unwrap();
        let addr = tcp.local_addr().unwrap().to_string();
        let host = Host {
            sockets: vec![(sock.clone(), l)],
            tcp: (tcp, vec![addr.clone()]),
            writes: vec![tmp.path().join("w")],
            kept: vec![],
            same: vec![],
            hidden: vec![],
            ipc: (String::new(), String::new()),
            queues: ipc_keys("msg"),
        };
        let good = json!({"allowed": {"/h/x": "ok"}, "same": {"/v": "ok"}, "hidden": {"/s": "denied"}, "loopback": "ok", "remount_root_rw": false, "umount_tmp": false,
            "umount_run": false, "interfaces": ["lo"], "ipc_seen": false, "planted": "ok",
            "limits": {"tasks": 4096, "memory": 1024}, "hogs": {"tasks": 4000, "memory": 0}, "tmpfs": {"/tmp": 1024}, "status": {"Uid": "65534\t65534\t65534\t65534",
            "Gid": "65534\t65534\t65534\t65534", "Groups": "", "CapEff": "0000000000000000",
            "CapBnd": "0000000000000000", "NoNewPrivs": "1"}});
        assert_eq!(verdict(&host, Some(&good)), Vec::<String>::new());
        assert_eq!(verdict(&host, None).len(), 1);
        for (key, bad) in [
            ("loopback", json!("refused")),
            ("remount_root_rw", json!(true)),
            ("interfaces", json!(["lo", "eth0"])),
            ("same", json!({"/v": "denied"})),
            ("hidden", json!({"/s": "ok"})),
            ("ipc_seen", json!(true)),
            ("limits", json!({"tasks": 96_367, "memory": 1024})),
            ("hogs", json!({"tasks": 4097, "memory": 0})),
            ("hogs", json!({"tasks": 4000, "memory": 9_u64 << 30})),
            ("tmpfs", json!({"/tmp": 12_u64 << 30})),
        ] {
            let mut r = good.clone();
            r[key] = bad;
            assert_eq!(verdict(&host, Some(&r)).len(), 1, "{key}");
        }
        let mut r = good.clone();
        r["status"]["Uid"] = json!("0\t0\t0\t0");
        assert_eq!(verdict(&host, Some(&r)).len(), 1);
        let _c = UnixStream::connect(&sock).unwrap();
        let _t = TcpStream::connect(&addr).unwrap();
        std::fs::write(tmp.path().join("w"), "x").unwrap();
        std::thread::sleep(Duration::from_millis(50));
        assert_eq!(verdict(&host, Some(&good)).len(), 3, "{:?}", verdict(&host, Some(&good)));
    }
}
