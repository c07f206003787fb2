//! The model stub: a loopback HTTP server speaking the four wire protocols the runtimes
//! use (`real-runtimes.md` §2, §2.8), one module each: [`anthropic`] (Anthropic
//! Messages), [`responses`] (OpenAI Responses), [`chat`] (Chat Completions), [`gemini`]
//! (Gemini generateContent). It answers from the request's content, never from a
//! counter: a turn without a tool result gets one call of the runtime's shell tool, a
//! request carrying a tool result gets plain text, side requests (titles, Gemini's
//! router, compaction) get a valid answer. It records every request it received.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

mod anthropic;
mod chat;
mod common;
mod gemini;
mod responses;

pub(crate) use common::FINAL_TEXT;
use common::JSON;
pub(crate) use common::Script;

/// Request headers a log never keeps (credentials).
const SECRET_HEADERS: &[&str] = &["authorization", "x-api-key", "x-goog-api-key", "api-key", "cookie"];
/// Caps: header block, body, and requests per run.
const MAX_HEADER: usize = 64 * 1024;
const MAX_BODY: usize = 32 * 1024 * 1024;
/// A chunk-size line (hex size and extensions).
const MAX_CHUNK_LINE: usize = 1024;
/// A running stub.
pub(crate) struct Stub {
    /// Its loopback port.
    pub(crate) port: u16,
    log: Arc<Mutex<Vec<Value>>>,
    stop: Arc<AtomicBool>,
    handle: Option<JoinHandle<()>>,
}

impl Stub {
    /// Binds 127.0.0.1 on an ephemeral port and serves `script` on a thread.
    pub(crate) fn start(script: Script) -> std::io::Result<Self> {
        let listener = TcpListener::bind(("127.0.0.1", 0))?;
        let port = listener.local_addr()?.port();
        listener.set_nonblocking(true)?;
        let log = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (log2, stop2) = (Arc::clone(&log), Arc::clone(&stop));
        let handle = std::thread::spawn(move || serve(&listener, &script, &log2, &stop2));
        Ok(Self { port, log, stop, handle: Some(handle) })
    }

    /// Stops serving; every request received, in order.
    pub(crate) fn finish(mut self) -> Vec<Value> {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
        self.log.lock().map(|l| l.clone()).unwrap_or_default()
    }
}

fn serve(listener: &TcpListener, script: &Script, log: &Arc<Mutex<Vec<Value>>>, stop: &Arc<AtomicBool>) {
    let started = Instant::now();
    let served = Arc::new(AtomicUsize::new(0));
    let script = Arc::new(script.clone());
    while !stop.load(Ordering::SeqCst) && started.elapsed() < script.lifetime {
        match listener.accept() {
            Ok((stream, peer)) => {
                if !peer.ip().is_loopback() {
                    drop(stream); // never beyond loopback
                    continue;
                }
                if served.fetch_add(1, Ordering::SeqCst) >= script.max_requests {
                    continue;
                }
                let (script, log, stop) = (Arc::clone(&script), Arc::clone(log), Arc::clone(stop));
                std::thread::spawn(move || {
                    let _ = connection(stream, &script, &log, &stop);
                });
            }
            Err(_) => std::thread::sleep(Duration::from_millis(5)),
        }
    }
}

/// One parsed request.
struct Request {
    method: String,
    path: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

/// One line of at most `max` bytes, read no further than that (`None`: longer, or the
/// stream ended first).
fn bounded_line(reader: &mut impl BufRead, max: usize) -> std::io::Result<Option<String>> {
    let mut buf = Vec::new();
    let n = reader.take(u64::try_from(max).unwrap_or(u64::MAX)).read_until(b'\n', &mut buf)?;
    if n == 0 || !buf.ends_with(b"\n") {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(&buf).into_owned()))
}

fn read_request(stream: &TcpStream) -> std::io::Result<Option<Request>> {
    let mut reader = BufReader::new(stream.try_clone()?);
    // The request line and the header block share one budget, read no further than it.
    let mut budget = MAX_HEADER;
    let Some(line) = bounded_line(&mut reader, budget)? else { return Ok(None) };
    budget -= line.len();
    let mut parts = line.split_whitespace();
    let method = parts.next().unwrap_or_default().to_owned();
    let path = parts.next().unwrap_or_default().to_owned();
    let mut headers = Vec::new();
    loop {
        let Some(h) = bounded_line(&mut reader, budget)? else { return Ok(None) };
        budget -= h.len();
        let h = h.trim_end();
        if h.is_empty() {
            break;
        }
        if let Some((k, v)) = h.split_once(':') {
            headers.push((k.trim().to_ascii_lowercase(), v.trim().to_owned()));
        }
    }
    let header = |k: &str| headers.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    let mut body = Vec::new();
    if header("transfer-encoding").is_some_and(|v| v.eq_ignore_ascii_case("chunked")) {
        loop {
            let l = bounded_line(&mut reader, MAX_CHUNK_LINE)?.unwrap_or_default();
            let n = usize::from_str_radix(l.trim().split(';').next().unwrap_or("0"), 16).unwrap_or(0);
            if n == 0 || body.len() + n > MAX_BODY {
                let _ = bounded_line(&mut reader, MAX_CHUNK_LINE);
                break;
            }
            let mut chunk = vec![0; n + 2];
            reader.read_exact(&mut chunk)?;
            body.extend_from_slice(&chunk[..n]);
        }
    } else if let Some(n) = header("content-length").and_then(|v| v.parse::<usize>().ok()) {
        let n = n.min(MAX_BODY);
        body.resize(n, 0);
        reader.read_exact(&mut body)?;
    }
    Ok(Some(Request { method, path, headers, body }))
}

fn connection(
    mut stream: TcpStream,
    script: &Script,
    log: &Arc<Mutex<Vec<Value>>>,
    stop: &Arc<AtomicBool>,
) -> std::io::Result<()> {
    stream.set_nonblocking(false)?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let Some(req) = read_request(&stream)? else { return Ok(()) };
    let body: Value = serde_json::from_slice(&req.body).unwrap_or(Value::Null);
    let headers: serde_json::Map<String, Value> = req
        .headers
        .iter()
        .filter(|(k, _)| !SECRET_HEADERS.contains(&k.as_str()))
        .map(|(k, v)| (k.clone(), Value::String(v.clone())))
        .collect();
    if let Ok(mut l) = log.lock() {
        l.push(json!({"method": req.method, "path": req.path, "headers": headers, "body": body}));
    }
    if script.hang {
        while !stop.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(50));
        }
        return Ok(());
    }
    let (status, content_type, payload) = answer(&req.path, &body, script);
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        payload.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(payload.as_bytes())?;
    stream.flush()
}

/// The answer to a request: status line, content type, body. Each wire protocol is its
/// own module; `/models` lists the one model.
pub(crate) fn answer(path: &str, body: &Value, script: &Script) -> (&'static str, &'static str, String) {
    let route = path.split('?').next().unwrap_or(path);
    let reply = if route.ends_with("/messages") {
        Some(anthropic::answer(body, script))
    } else if route.ends_with("/responses") {
        Some(responses::answer(body, script))
    } else if route.ends_with("/chat/completions") {
        Some(chat::answer(body, script))
    } else if route.contains(":generateContent") || route.contains(":streamGenerateContent") {
        Some(gemini::answer(route, body, script))
    } else {
        None
    };
    match reply {
        Some((content_type, text)) => ("200 OK", content_type, text),
        None if route.ends_with("/models") => {
            ("200 OK", JSON, json!({"object": "list", "data": [{"id": "stub-model", "object": "model"}]}).to_string())
        }
        None => {
            ("404 Not Found", JSON, json!({"error": {"message": "not served by the conformance stub"}}).to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn script() -> Script {
        Script {
            shell_tool: "bash".into(),
            tool_args: json!({"command": "/probe"}),
            hang: false,
            max_requests: 10,
            lifetime: Duration::from_secs(10),
        }
    }

    #[test]
    fn a_turn_without_a_result_calls_the_tool_and_one_with_a_result_ends() {
        let s = script();
        let first = json!({"stream": true, "tools": [{}], "messages": [{"role": "user", "content": "hi"}]});
        let (_, _, a) = answer("/v1/chat/completions", &first, &s);
        assert!(a.contains("\"tool_calls\"") && a.contains("/probe"), "{a}");
        let second = json!({"stream": true, "tools": [{}], "messages": [{"role": "tool", "content": "x"}]});
        let (_, _, a) = answer("/v1/chat/completions", &second, &s);
        assert!(a.contains(FINAL_TEXT) && !a.contains("/probe"), "{a}");
        // a title request offers no tools: text
        let title = json!({"stream": true, "messages": [{"role": "user", "content": "title"}]});
        assert!(answer("/v1/chat/completions", &title, &s).2.contains(FINAL_TEXT));
    }

    #[test]
    fn gemini_router_requests_get_json_even_after_a_tool_result() {
        let s = script();
        let router = json!({"generationConfig": {"responseMimeType": "application/json"},
            "contents": [{"parts": [{"functionResponse": {}}]}]});
        let (_, _, a) = answer("/v1beta/models/x:generateContent", &router, &s);
        assert!(a.contains("complexity_score"), "{a}");
    }

    /// A header line longer than the header budget is dropped as soon as the budget is
    /// read, not read on (hostile-findings N13: an unbounded `read_line` grew the stub's
    /// memory with a client's line).
    #[test]
    fn an_endless_header_line_is_dropped_at_the_budget() {
        let stub = Stub::start(script()).unwrap();
        let mut c = TcpStream::connect(("127.0.0.1", stub.port)).unwrap();
        // A guard against a hang: the exit path below says whether the stub closed.
        c.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let line = format!("GET /v1/models HTTP/1.1\r\nX-Long: {}", "a".repeat(MAX_HEADER + 1024));
        let _ = c.write_all(line.as_bytes());
        let mut out = Vec::new();
        // Closed with the line unread: an end of stream, or a reset; no answer, no time-out
        // (the read's time-out is an error of another kind).
        match c.read_to_end(&mut out) {
            Ok(_) => assert!(out.is_empty(), "{}", String::from_utf8_lossy(&out)),
            Err(e) => assert_eq!(e.kind(), std::io::ErrorKind::ConnectionReset, "{e}"),
        }
        assert!(stub.finish().is_empty());
    }

    #[test]
    fn the_stub_serves_loopback_and_logs_without_credentials() {
        let stub = Stub::start(script()).unwrap();
        let mut c = TcpStream::connect(("127.0.0.1", stub.port)).unwrap();
        let body = r#"{"stream":false,"tools":[{}],"messages":[]}"#;
        write!(
            c,
            "POST /v1/chat/completions HTTP/1.1\r\nAuthorization: Bearer k\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut out = String::new();
        c.read_to_string(&mut out).unwrap();
        assert!(out.starts_with("HTTP/1.1 200") && out.contains("tool_calls"), "{out}");
        let log = stub.finish();
        assert_eq!(log.len(), 1);
        assert!(log[0]["headers"].get("authorization").is_none());
    }
}
