// ReelCPUCheck has no functions to call: linking it into `reel` is enough, its check runs as
// a constructor before `main` (see CPUCheck.c).
