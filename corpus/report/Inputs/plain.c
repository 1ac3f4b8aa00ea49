int no_stack_offset_here(int x) { return x + 1; }
