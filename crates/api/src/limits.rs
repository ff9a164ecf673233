//! Sliding-window limits on failed attempts (sign-in per e-mail and per client address). Kept in
//! memory per node: a limit is a defence, not a record, so it is not an event.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct Limiter {
    most: usize,
    window: Duration,
    failures: Mutex<HashMap<String, VecDeque<Instant>>>,
}

impl Limiter {
    pub fn new(most: usize, window: Duration) -> Limiter {
        Limiter { most, window, failures: Mutex::new(HashMap::new()) }
    }

    /// `Err(wait)` when `key` has failed `most` times within the window.
    pub fn check(&self, key: &str) -> Result<(), Duration> {
        let now = Instant::now();
        let mut failures = self.failures.lock().expect("limiter lock");
        let Some(times) = failures.get_mut(key) else { return Ok(()) };
        while times.front().is_some_and(|t| now.duration_since(*t) >= self.window) {
            times.pop_front();
        }
        if times.len() >= self.most {
            return Err(self.window - now.duration_since(times[0]));
        }
        Ok(())
    }

    pub fn fail(&self, key: &str) {
        let now = Instant::now();
        let mut failures = self.failures.lock().expect("limiter lock");
        // Keep memory bounded: drop keys whose failures have all aged out.
        if failures.len() > 100_000 {
            failures.retain(|_, times| times.back().is_some_and(|t| now.duration_since(*t) < self.window));
        }
        let times = failures.entry(key.to_owned()).or_default();
        times.push_back(now);
        if times.len() > self.most {
            times.pop_front();
        }
    }

    pub fn clear(&self, key: &str) {
        self.failures.lock().expect("limiter lock").remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_held_back_after_its_allowance_of_failures_until_the_window_passes() {
        let limiter = Limiter::new(2, Duration::from_millis(200));
        limiter.fail("a");
        assert!(limiter.check("a").is_ok());
        limiter.fail("a");
        let wait = limiter.check("a").unwrap_err();
        assert!(wait <= Duration::from_millis(200) && wait > Duration::from_millis(100));
        assert!(limiter.check("b").is_ok());
        std::thread::sleep(Duration::from_millis(210));
        assert!(limiter.check("a").is_ok());
        limiter.fail("a");
        limiter.fail("a");
        limiter.clear("a");
        assert!(limiter.check("a").is_ok());
    }
}
