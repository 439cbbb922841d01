//! Per-session state owned by command modules other than the core.
//!
//! A module that needs its own state across commands (a `trymove` stack,
//! reading depth settings, node counters, a cache) defines a type for it
//! and keeps it in the session's [`Extensions`], keyed by that type: no
//! global state, no edits to [`Session`](crate::Session) for each new module.

use std::any::{Any, TypeId};
use std::collections::HashMap;

/// A map from a type to one value of that type.
#[derive(Default)]
pub struct Extensions {
    values: HashMap<TypeId, Box<dyn Any + Send>>,
}

impl Extensions {
    /// An empty map.
    pub fn new() -> Extensions {
        Extensions::default()
    }

    /// The value of type `T`, created with `T::default()` on first use.
    pub fn get_or_default<T: Any + Send + Default>(&mut self) -> &mut T {
        self.values
            .entry(TypeId::of::<T>())
            .or_insert_with(|| Box::new(T::default()))
            .downcast_mut::<T>()
            .expect("extension stored under its own TypeId")
    }

    /// The value of type `T`, if one was stored.
    pub fn get<T: Any + Send>(&self) -> Option<&T> {
        self.values
            .get(&TypeId::of::<T>())
            .and_then(|b| b.downcast_ref::<T>())
    }

    /// Mutable access to the value of type `T`, if one was stored.
    pub fn get_mut<T: Any + Send>(&mut self) -> Option<&mut T> {
        self.values
            .get_mut(&TypeId::of::<T>())
            .and_then(|b| b.downcast_mut::<T>())
    }

    /// Store a value of type `T`, returning the previous one.
    pub fn insert<T: Any + Send>(&mut self, value: T) -> Option<T> {
        self.values
            .insert(TypeId::of::<T>(), Box::new(value))
            .and_then(|old| old.downcast::<T>().ok())
            .map(|b| *b)
    }

    /// Remove and return the value of type `T`.
    pub fn remove<T: Any + Send>(&mut self) -> Option<T> {
        self.values
            .remove(&TypeId::of::<T>())
            .and_then(|old| old.downcast::<T>().ok())
            .map(|b| *b)
    }
}

impl std::fmt::Debug for Extensions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Extensions({} values)", self.values.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default, Debug, PartialEq)]
    struct Counter(u32);

    #[derive(Default, Debug, PartialEq)]
    struct Stack(Vec<u8>);

    #[test]
    fn values_are_kept_per_type() {
        let mut e = Extensions::new();
        assert!(e.get::<Counter>().is_none());
        e.get_or_default::<Counter>().0 += 2;
        e.get_or_default::<Counter>().0 += 3;
        e.get_or_default::<Stack>().0.push(7);
        assert_eq!(e.get::<Counter>(), Some(&Counter(5)));
        assert_eq!(e.get::<Stack>(), Some(&Stack(vec![7])));
        assert_eq!(e.insert(Counter(1)), Some(Counter(5)));
        e.get_mut::<Counter>().unwrap().0 += 1;
        assert_eq!(e.remove::<Counter>(), Some(Counter(2)));
        assert!(e.get::<Counter>().is_none());
    }
}
