//! The pattern compiler: transformations, anchors, element order, grids, DFA, corner tree. (To be written.)
