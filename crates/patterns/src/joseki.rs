//! The joseki compiler: SGF joseki trees to pattern database text. (To be written.)
