//! Serving the listener's connections (in place of `axum::serve`, which has no timeouts): hyper
//! serves each connection (HTTP/1, as before) with a header timeout; a connection silent between
//! requests, or a request body stalled, past the idle timeout is closed; and one client address
//! (IPv6 per /64) holds at most a configured number of connections (HTTP and WebSocket alike;
//! more are closed as they are accepted). On `stop` the listener stops accepting and in-flight
//! requests finish.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, Ipv6Addr};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::Request;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio::time::{Instant, Sleep};
use tokio_util::sync::CancellationToken;
use tower::Layer;
use tower_http::timeout::RequestBodyTimeoutLayer;

/// How connections are bounded.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The time a client has to send a request's header, from connecting or from the end of
    /// the previous answer (so also how long an idle keep-alive connection stays open).
    pub header_timeout: Duration,
    /// The longest silence of a connection between requests, and of a request body between its
    /// frames (never while a request is answered, nor on a WebSocket).
    pub idle_timeout: Duration,
    /// Connections one client address holds at once; 0: no ceiling.
    pub per_address: usize,
}

/// What a connection is doing, for its idle timeout: it does not apply while a request is being
/// answered (a generation may think for minutes; a stalled request body has its own timeout) nor
/// once the connection became a WebSocket (the hub has its own bounds; a player may sit in a
/// lobby in silence). In every request's extensions, as [`Quiet`].
#[derive(Default)]
struct Activity {
    websocket: AtomicBool,
    answering: AtomicUsize,
}

impl Activity {
    fn may_idle(&self) -> bool {
        !self.websocket.load(Ordering::Relaxed) && self.answering.load(Ordering::Relaxed) == 0
    }
}

/// Turns a connection's idle timeout off for good: it became a WebSocket.
#[derive(Clone)]
pub struct Quiet(Arc<Activity>);

impl Quiet {
    pub fn hush(&self) {
        self.0.websocket.store(true, Ordering::Relaxed);
    }
}

/// A request being answered on a connection.
struct Answering(Arc<Activity>);

impl Answering {
    fn new(activity: &Arc<Activity>) -> Answering {
        activity.answering.fetch_add(1, Ordering::Relaxed);
        Answering(activity.clone())
    }
}

impl Drop for Answering {
    fn drop(&mut self) {
        self.0.answering.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Serves `router` on `listener` until `stop` completes; `on_stop` runs then (it ends the hub's
/// sockets), and this returns once every in-flight request has its answer.
pub async fn serve(listener: TcpListener, router: Router, limits: Limits, stop: impl Future<Output = ()>, on_stop: impl FnOnce()) -> io::Result<()> {
    let mut builder = http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout);
    let addresses = Arc::new(Addresses { most: limits.per_address, held: Mutex::default() });
    // A request body that stops coming for the idle timeout fails (the handler answers 400).
    let router = RequestBodyTimeoutLayer::new(limits.idle_timeout).layer(router);
    let stopping = CancellationToken::new();
    // Each connection's task holds a sender; once all are gone every connection has ended.
    let (running, mut ended) = mpsc::channel::<()>(1);
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors, most likely: give connections time to end.
                    tracing::warn!(%error, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut stop => break,
        };
        let Some(place) = addresses.take(peer.ip()) else {
            tracing::debug!(%peer, "refused: too many connections from this address");
            continue;
        };
        let activity = Arc::new(Activity::default());
        let io = Watched::new(stream, place, limits.idle_timeout, activity.clone());
        let router = router.clone();
        let service = tower::service_fn(move |mut request: Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            request.extensions_mut().insert(Quiet(activity.clone()));
            let answering = Answering::new(&activity);
            let answer = tower::ServiceExt::oneshot(router.clone(), request);
            async move {
                let response = answer.await;
                drop(answering);
                response
            }
        });
        let service = hyper_util::service::TowerToHyperService::new(service);
        let (builder, stopping, running) = (builder.clone(), stopping.clone(), running.clone());
        tokio::spawn(async move {
            let connection = builder.serve_connection(TokioIo::new(io), service).with_upgrades();
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = stopping.cancelled() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
            drop(running);
        });
    }
    drop(listener);
    tracing::info!("shutting down: finishing in-flight requests");
    on_stop();
    stopping.cancel();
    drop(running);
    let _ = ended.recv().await;
    Ok(())
}

/// The key a client address is counted under: IPv4 by address, IPv6 by its /64 (one host
/// owns a whole /64).
fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !((1u128 << 64) - 1))),
        },
    }
}

/// Connections held per client address.
struct Addresses {
    most: usize,
    held: Mutex<HashMap<IpAddr, usize>>,
}

impl Addresses {
    fn take(self: &Arc<Self>, ip: IpAddr) -> Option<Place> {
        let key = address_key(ip);
        let mut held = self.held.lock().expect("addresses lock");
        let count = held.entry(key).or_insert(0);
        if self.most > 0 && *count >= self.most {
            return None;
        }
        *count += 1;
        Some(Place { addresses: self.clone(), key })
    }
}

/// One connection's place under its address, given back when the connection (or the WebSocket
/// it became) is dropped.
struct Place {
    addresses: Arc<Addresses>,
    key: IpAddr,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut held = self.addresses.held.lock().expect("addresses lock");
        if let Some(count) = held.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.key);
            }
        }
    }
}

/// A connection's stream with its place and its idle timeout: while it waits to read or write,
/// between requests, a silence longer than `idle` fails it with `TimedOut`.
struct Watched {
    stream: TcpStream,
    _place: Place,
    idle: Duration,
    activity: Arc<Activity>,
    last: Instant,
    timer: Pin<Box<Sleep>>,
}

impl Watched {
    fn new(stream: TcpStream, place: Place, idle: Duration, activity: Arc<Activity>) -> Watched {
        let last = Instant::now();
        Watched { stream, _place: place, idle, activity, last, timer: Box::pin(tokio::time::sleep_until(last + idle)) }
    }

    /// Pending while the connection may stay silent; an error once it was silent too long.
    fn poll_idle(&mut self, cx: &mut Context<'_>) -> Poll<io::Error> {
        if !self.activity.may_idle() {
            // Answering: its end writes the answer and polls again, which starts the clock anew.
            self.last = Instant::now();
            return Poll::Pending;
        }
        let deadline = self.last + self.idle;
        if self.timer.deadline() != deadline {
            self.timer.as_mut().reset(deadline);
        }
        match self.timer.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(io::Error::new(io::ErrorKind::TimedOut, "the connection was idle too long")),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncRead for Watched {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        match Pin::new(&mut this.stream).poll_read(cx, buf) {
            Poll::Ready(result) => {
                if buf.filled().len() > before {
                    this.last = Instant::now();
                }
                Poll::Ready(result)
            }
            Poll::Pending => this.poll_idle(cx).map(Err),
        }
    }
}

impl AsyncWrite for Watched {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, data: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        match Pin::new(&mut this.stream).poll_write(cx, data) {
            Poll::Ready(result) => {
                if result.as_ref().is_ok_and(|n| *n > 0) {
                    this.last = Instant::now();
                }
                Poll::Ready(result)
            }
            Poll::Pending => this.poll_idle(cx).map(Err),
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(self: Pin<&mut Self>, cx: &mut Context<'_>, bufs: &[io::IoSlice<'_>]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        match Pin::new(&mut this.stream).poll_write_vectored(cx, bufs) {
            Poll::Ready(result) => {
                if result.as_ref().is_ok_and(|n| *n > 0) {
                    this.last = Instant::now();
                }
                Poll::Ready(result)
            }
            Poll::Pending => this.poll_idle(cx).map(Err),
        }
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_counted_per_ipv4_address_and_per_ipv6_64() {
        let key = |s: &str| address_key(s.parse().unwrap());
        assert_eq!(key("2001:db8:1:2:aaaa::1"), key("2001:db8:1:2:bbbb::2"));
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_eq!(key("::ffff:10.0.0.1"), key("10.0.0.1"));
        assert_ne!(key("10.0.0.1"), key("10.0.0.2"));
    }

    #[test]
    fn an_address_holds_at_most_its_ceiling_and_places_come_back() {
        let addresses = Arc::new(Addresses { most: 2, held: Mutex::default() });
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let (first, _second) = (addresses.take(ip).unwrap(), addresses.take(ip).unwrap());
        assert!(addresses.take(ip).is_none());
        assert!(addresses.take("10.0.0.2".parse().unwrap()).is_some());
        drop(first);
        assert!(addresses.take(ip).is_some());
    }
}
