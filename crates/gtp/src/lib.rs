//! katachi-gtp: the Go Text Protocol, engine side (command registry and the
//! standard commands) and client side (driving other engines).

pub mod client;
