//! Who a request comes from, as the limits count it (decision 0032): the client's network and,
//! when the web app sent one, its per-browser key.
//!
//! - The address is the socket's peer, or, when the peer is a configured trusted proxy
//!   (`--trusted-proxies`), the right-most address of `X-Forwarded-For` that is not a trusted
//!   proxy itself (the left part of the header is whatever the client wrote, so it is never read
//!   past an untrusted hop).
//! - Limits key an address by its network: an IPv4 address alone, an IPv6 address by its /64 (one
//!   host usually owns a whole /64, so its other addresses bring no fresh tries). An IPv4-mapped
//!   IPv6 address is the IPv4 address.
//! - The client key (`X-Quizroom-Client`) is a random string the web app keeps per browser. It is
//!   chosen by the client, so it only tells apart the clients behind one address that play fair:
//!   what bounds a flood is always the ceiling of the address.

use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use sha2::{Digest, Sha256};

use crate::error::ApiError;
use crate::state::AppState;

/// The header that carries the client key.
pub const CLIENT_HEADER: &str = "x-quizroom-client";

/// An address or a network in CIDR notation (`10.0.0.0/8`, `::1`, `fd00::/8`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cidr {
    network: IpAddr,
    bits: u8,
}

impl FromStr for Cidr {
    type Err = String;

    fn from_str(s: &str) -> Result<Cidr, String> {
        let s = s.trim();
        let (address, bits) = s.split_once('/').map_or((s, None), |(a, b)| (a, Some(b)));
        let network: IpAddr = address.parse().map_err(|_| format!("`{s}` is not an address or a network (e.g. 10.0.0.0/8)"))?;
        let network = network.to_canonical();
        let most = if network.is_ipv4() { 32 } else { 128 };
        let bits = match bits {
            None => most,
            Some(b) => b.parse::<u8>().ok().filter(|b| *b <= most).ok_or_else(|| format!("`{s}`: a prefix length from 0 to {most}"))?,
        };
        Ok(Cidr { network, bits })
    }
}

impl Cidr {
    /// Whether `address` is in this network.
    pub fn contains(&self, address: IpAddr) -> bool {
        match (self.network, address.to_canonical()) {
            (IpAddr::V4(net), IpAddr::V4(a)) => prefix(u32::from(net).into(), u32::from(a).into(), 32, self.bits),
            (IpAddr::V6(net), IpAddr::V6(a)) => prefix(u128::from(net), u128::from(a), 128, self.bits),
            _ => false,
        }
    }
}

/// Whether the first `bits` of two `width`-bit numbers agree.
fn prefix(a: u128, b: u128, width: u32, bits: u8) -> bool {
    let shift = width - u32::from(bits);
    shift >= width || (a >> shift) == (b >> shift)
}

/// The reverse proxies whose `X-Forwarded-For` is believed (none by default).
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(pub Vec<Cidr>);

impl TrustedProxies {
    fn trusts(&self, address: IpAddr) -> bool {
        self.0.iter().any(|cidr| cidr.contains(address))
    }

    /// The client's address: `peer`, or, when `peer` is trusted, the right-most address of
    /// `X-Forwarded-For` that is not trusted (a hop that cannot be read stops the walk there).
    pub fn client_address(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let mut client = peer.to_canonical();
        if !self.trusts(client) {
            return client;
        }
        let hops: Vec<&str> = headers.get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).collect();
        for hop in hops.into_iter().rev() {
            if !self.trusts(client) {
                break;
            }
            match forwarded_address(hop) {
                Some(address) => client = address,
                None => break,
            }
        }
        client
    }
}

/// One hop of `X-Forwarded-For`: an address, possibly with a port (`[::1]:80`, `10.0.0.1:80`).
fn forwarded_address(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim();
    let address = hop.parse::<IpAddr>().ok().or_else(|| hop.parse::<SocketAddr>().ok().map(|s| s.ip()))?;
    Some(address.to_canonical())
}

/// The network an address is counted as: an IPv4 address alone, an IPv6 address by its /64.
pub fn network(address: IpAddr) -> String {
    match address.to_canonical() {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => {
            let s = v6.segments();
            format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
        }
    }
}

/// Who a request comes from.
#[derive(Debug, Clone)]
pub struct Client {
    /// The client's network ([`network`]).
    pub network: String,
    /// The per-browser key, when a well-formed one was sent.
    pub key: Option<String>,
}

/// A client key as the web app makes it: 16 to 64 letters, digits, `-` or `_`. Anything else is
/// treated as no key (the address alone is then the client).
fn client_key(headers: &HeaderMap) -> Option<String> {
    let key = headers.get(CLIENT_HEADER)?.to_str().ok()?.trim();
    let well_formed = (16..=64).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    well_formed.then(|| key.to_owned())
}

impl Client {
    /// The client of a request from `peer` with `headers`.
    pub fn of(proxies: &TrustedProxies, peer: IpAddr, headers: &HeaderMap) -> Client {
        Client { network: network(proxies.client_address(peer, headers)), key: client_key(headers) }
    }

    /// The limit key of the client's network in `scope`.
    pub fn address_key(&self, scope: &str) -> String {
        format!("{scope}:ip:{}", self.network)
    }

    /// The limit key of this client (its key behind its network; the network alone without one).
    pub fn client_key(&self, scope: &str) -> String {
        format!("{scope}:ip:{}:client:{}", self.network, self.key.as_deref().unwrap_or("-"))
    }

    /// What a game records of the device a player joined from: a digest of its key (the key
    /// itself would let whoever reads the log take the seat back).
    pub fn device(&self) -> Option<String> {
        self.key.as_deref().map(|key| hex::encode(Sha256::digest(format!("quizroom-client:{key}"))))
    }
}

impl FromRequestParts<AppState> for Client {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Client, ApiError> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(peer)| peer.ip())
            .ok_or_else(|| ApiError::internal("a request without its peer's address"))?;
        Ok(Client::of(&state.trusted_proxies, peer, &parts.headers))
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn forwarded(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", HeaderValue::from_str(value).unwrap());
        headers
    }

    #[test]
    fn ipv6_is_counted_per_64_and_ipv4_per_address() {
        assert_eq!(network(ip("2001:db8:1:2:aaaa::1")), network(ip("2001:db8:1:2:ffff:1:2:3")));
        assert_eq!(network(ip("2001:db8:1:2::9")), "2001:db8:1:2::/64");
        assert_ne!(network(ip("2001:db8:1:2::1")), network(ip("2001:db8:1:3::1")));
        assert_eq!(network(ip("203.0.113.7")), "203.0.113.7");
        assert_ne!(network(ip("203.0.113.7")), network(ip("203.0.113.8")));
        // An IPv4-mapped IPv6 address is the IPv4 address.
        assert_eq!(network(ip("::ffff:203.0.113.7")), "203.0.113.7");
    }

    #[test]
    fn networks_hold_their_addresses() {
        let cidr: Cidr = "10.0.0.0/8".parse().unwrap();
        assert!(cidr.contains(ip("10.200.1.1")));
        assert!(cidr.contains(ip("::ffff:10.0.0.1")));
        assert!(!cidr.contains(ip("11.0.0.1")));
        let one: Cidr = "127.0.0.1".parse().unwrap();
        assert!(one.contains(ip("127.0.0.1")) && !one.contains(ip("127.0.0.2")));
        let v6: Cidr = "fd00::/8".parse().unwrap();
        assert!(v6.contains(ip("fd12::1")) && !v6.contains(ip("fe80::1")));
        assert!("0.0.0.0/0".parse::<Cidr>().unwrap().contains(ip("8.8.8.8")));
        assert!("10.0.0.0/33".parse::<Cidr>().is_err());
        assert!("a proxy".parse::<Cidr>().is_err());
    }

    #[test]
    fn only_a_trusted_proxy_is_believed() {
        let none = TrustedProxies::default();
        assert_eq!(none.client_address(ip("127.0.0.1"), &forwarded("198.51.100.1")), ip("127.0.0.1"));
        let proxies = TrustedProxies(vec!["127.0.0.1".parse().unwrap(), "10.0.0.0/8".parse().unwrap()]);
        // The right-most untrusted hop: what the client wrote on the left is never believed.
        assert_eq!(proxies.client_address(ip("127.0.0.1"), &forwarded("1.1.1.1, 198.51.100.1, 10.0.0.5")), ip("198.51.100.1"));
        assert_eq!(proxies.client_address(ip("127.0.0.1"), &forwarded("[2001:db8::1]:443")), ip("2001:db8::1"));
        // An untrusted peer's header is ignored; a trusted one without a header is the client.
        assert_eq!(proxies.client_address(ip("198.51.100.9"), &forwarded("1.1.1.1")), ip("198.51.100.9"));
        assert_eq!(proxies.client_address(ip("127.0.0.1"), &HeaderMap::new()), ip("127.0.0.1"));
        // A hop that cannot be read stops the walk at the last trusted one.
        assert_eq!(proxies.client_address(ip("127.0.0.1"), &forwarded("1.1.1.1, garbage")), ip("127.0.0.1"));
    }

    #[test]
    fn a_client_key_is_well_formed_or_absent() {
        let with = |key: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(CLIENT_HEADER, HeaderValue::from_str(key).unwrap());
            Client::of(&TrustedProxies::default(), ip("127.0.0.1"), &headers)
        };
        assert_eq!(with("abcdefghij0123456789").key.as_deref(), Some("abcdefghij0123456789"));
        assert_eq!(with("short").key, None);
        assert_eq!(with("has spaces in it, sixteen+").key, None);
        let client = with("abcdefghij0123456789");
        assert_eq!(client.client_key("pin"), "pin:ip:127.0.0.1:client:abcdefghij0123456789");
        assert_eq!(client.address_key("pin"), "pin:ip:127.0.0.1");
        assert_eq!(client.device().unwrap().len(), 64);
    }
}
