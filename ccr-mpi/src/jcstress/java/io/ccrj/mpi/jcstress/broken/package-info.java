/**
 * Negative controls: deliberately broken copies of the protocols that {@code io.ccrj.mpi.jcstress}
 * checks, one per property (a store moved before the write it must publish, a release store
 * where the handshake needs a full fence, a test before the registration it must follow, a
 * non-atomic head swap). Each keeps the outcome its correct counterpart forbids forbidden, so
 * jcstress reports it FAILED when it sees the defect: {@code bin/lib/after-test.sh} runs this
 * package separately and fails unless every test in it FAILED, which shows that the harness and
 * the outcomes can see the failures the correct tests rule out. Where the defect is an order of
 * production calls, the model makes the production calls in that order; where it is inside a
 * production method, the model is a minimal copy of that method with the defect. Where the defect
 * is an order, a few instructions of busy work ({@link io.ccrj.mpi.jcstress.broken.Widen}) between
 * the misordered steps widen its window, so that a quick run on a loaded machine sees it; they
 * change nothing else.
 */
package io.ccrj.mpi.jcstress.broken;
