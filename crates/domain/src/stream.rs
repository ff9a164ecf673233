//! Stream identity: every aggregate names its stream once ([`Aggregate::STREAM`]); a
//! [`StreamId`] formats `{name}-{id}` and parses it back, so no code builds or slices stream
//! names by hand.

use std::fmt;
use std::marker::PhantomData;

use crate::Aggregate;

/// The stream of one instance of aggregate `A`: `{A::STREAM}-{id}`.
pub struct StreamId<A> {
    name: String,
    aggregate: PhantomData<fn() -> A>,
}

impl<A: Aggregate> StreamId<A> {
    /// The stream of the instance `id` (a uuid, a user id, a quiz number).
    pub fn new(id: impl fmt::Display) -> Self {
        StreamId { name: format!("{}-{id}", A::STREAM), aggregate: PhantomData }
    }

    /// The stream named `name`, when it is one of `A`'s streams.
    pub fn parse(name: &str) -> Option<Self> {
        let id = name.strip_prefix(A::STREAM)?.strip_prefix('-')?;
        (!id.is_empty()).then(|| StreamId { name: name.to_owned(), aggregate: PhantomData })
    }

    /// The instance's id: the name without its prefix.
    pub fn id(&self) -> &str {
        &self.name[A::STREAM.len() + 1..]
    }

    /// The whole stream name, as the event store knows it.
    pub fn as_str(&self) -> &str {
        &self.name
    }
}

/// The id part of `name` when it is one of `A`'s streams (for readers of recorded events).
pub fn id_of<A: Aggregate>(name: &str) -> Option<&str> {
    name.strip_prefix(A::STREAM)?.strip_prefix('-').filter(|id| !id.is_empty())
}

impl<A> Clone for StreamId<A> {
    fn clone(&self) -> Self {
        StreamId { name: self.name.clone(), aggregate: PhantomData }
    }
}

impl<A> PartialEq for StreamId<A> {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl<A> Eq for StreamId<A> {}

impl<A> fmt::Debug for StreamId<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl<A> fmt::Display for StreamId<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl<A> AsRef<str> for StreamId<A> {
    fn as_ref(&self) -> &str {
        &self.name
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attempt::Attempt;
    use crate::quiz::Quiz;
    use crate::wallet::Wallet;

    #[test]
    fn a_stream_id_formats_and_parses_back() {
        let stream = StreamId::<Attempt>::new("8f0c");
        assert_eq!(stream.as_str(), "attempt-8f0c");
        assert_eq!(stream.id(), "8f0c");
        assert_eq!(StreamId::<Attempt>::parse("attempt-8f0c"), Some(stream));
        assert_eq!(StreamId::<Quiz>::new(42).id().parse::<i64>(), Ok(42));
        assert_eq!(id_of::<Wallet>("wallet-u1"), Some("u1"));
    }

    #[test]
    fn another_aggregates_stream_or_an_empty_id_does_not_parse() {
        assert_eq!(StreamId::<Attempt>::parse("quiz-1"), None);
        assert_eq!(StreamId::<Attempt>::parse("attempt-"), None);
        assert_eq!(StreamId::<Attempt>::parse("attempts-1"), None);
        assert_eq!(id_of::<Quiz>("quizzes-1"), None);
    }
}
