package io.ccrj.mpi.examples;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;
import io.ccrj.mpi.SpmdWorld;
import io.ccrj.mpi.Window;
import java.util.List;

/**
 * The one-sided examples of docs/ccr-mpi/one-sided.md ("One-sided communication"): the regions between
 * {@code tag::} and {@code end::} markers appear in the guide verbatim; {@link WindowExamplesTest}
 * runs them.
 */
final class WindowExamples {
    private WindowExamples() {
    }

    static List<Integer> fencePut() {
        // tag::fence-put[]
        List<Integer> got = SpmdWorld.run(3, comm -> {
            int[] cell = new int[1];
            Window win = comm.createWindow(cell, 0, 1, Datatype.INT);   // a collective
            int right = (comm.rank() + 1) % comm.size();
            win.fence(0);                                               // opens the epoch
            win.put(new int[] {comm.rank()}, 0, 1, Datatype.INT, right, 0, 1, Datatype.INT);
            win.fence(0);                                               // every put has landed
            win.free();
            return cell[0];
        });
        // got = [2, 0, 1]: each rank's cell holds its left neighbour's rank
        // end::fence-put[]
        return got;
    }

    static List<Integer> distributedCounter() {
        // tag::fetch-and-op-counter[]
        int tasks = 100;
        List<Integer> taken = SpmdWorld.run(4, comm -> {
            Window next = comm.allocateWindow(Datatype.INT, 1);     // the counter: rank 0's element 0
            int[] one = {1};
            int[] task = new int[1];
            int mine = 0;
            next.lockAll(0);                                        // a passive-target epoch
            while (true) {
                // task = counter, counter += 1: one atomic step, whoever else is counting
                next.fetchAndOp(one, 0, task, 0, Datatype.INT, 0, 0, Op.SUM);
                if (task[0] >= tasks) {
                    break;
                }
                mine++;                                             // ... work on task[0] here ...
            }
            next.unlockAll();
            next.free();
            return mine;
        });
        // every task was taken exactly once: the counts add up to 100, however the ranks shared them
        // end::fetch-and-op-counter[]
        return taken;
    }
}
