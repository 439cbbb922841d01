//! GTP client: start a GTP engine as a child process and talk to it. (To be written.)
