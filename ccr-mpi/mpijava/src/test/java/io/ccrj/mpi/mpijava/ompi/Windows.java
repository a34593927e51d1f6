package io.ccrj.mpi.mpijava.ompi;

import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import mpi.Group;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Win;

/**
 * One-sided communication as written for Open MPI's Java bindings ({@code mpi.Win}): fence epochs
 * with put, get, accumulate and getAccumulate; post/start/complete/wait; passive-target locks with
 * fetchAndOp counters and compareAndSwap; the request forms with flushes; displacement units;
 * attributes, names, error handlers and the refusals. Every window's contents are compared with a
 * sequential model of the same operations computed here. Open MPI's API only (the binary
 * compatibility test compiles it against the stubs).
 */
final class Windows {
    private Windows() {
    }

    static void run() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int me = w.getRank();
        int n = w.getSize();

        // fence epoch: every rank puts (me + 1) * 10 into slot me of every window
        IntBuffer base = MPI.newIntBuffer(n);
        Win win = new Win(base, n, 1, MPI.INFO_NULL, w);
        win.fence(MPI.MODE_NOPRECEDE);
        IntBuffer one = MPI.newIntBuffer(1);
        one.put(0, (me + 1) * 10);
        for (int t = 0; t < n; t++) {
            win.put(one, 1, MPI.INT, t, me, 1, MPI.INT);
        }
        win.fence(0);
        int[] model = new int[n];
        for (int j = 0; j < n; j++) {
            model[j] = (j + 1) * 10;
        }
        Out.check("win", "fence put", ints(base), model);

        // get the window of the next rank, then accumulate into every rank's window
        IntBuffer got = MPI.newIntBuffer(n);
        win.get(got, n, MPI.INT, (me + 1) % n, 0, n, MPI.INT);
        win.fence(0); // a get and an accumulate of one location conflict in one epoch
        IntBuffer add = MPI.newIntBuffer(n);
        for (int j = 0; j < n; j++) {
            add.put(j, me + j);
        }
        for (int t = 0; t < n; t++) {
            win.accumulate(add, n, MPI.INT, t, 0, n, MPI.INT, MPI.SUM);
        }
        win.fence(0);
        Out.check("win", "fence get", ints(got), model);
        int[] acc = model.clone();
        for (int r = 0; r < n; r++) {
            for (int j = 0; j < n; j++) {
                acc[j] += r + j;
            }
        }
        Out.check("win", "fence accumulate", ints(base), acc);

        // getAccumulate: rank r replaces slot r of rank 0 and fetches what was there
        IntBuffer fetched = MPI.newIntBuffer(1);
        one.put(0, -me);
        win.getAccumulate(one, 1, MPI.INT, fetched, 1, MPI.INT, 0, me, 1, MPI.INT, MPI.REPLACE);
        win.fence(MPI.MODE_NOSUCCEED);
        Out.check("win", "getAccumulate fetched", fetched.get(0), acc[me]);
        if (me == 0) {
            int[] replaced = new int[n];
            for (int j = 0; j < n; j++) {
                replaced[j] = -j;
            }
            Out.check("win", "getAccumulate replaced", ints(base), replaced);
        }

        // post/start/complete/wait: rank 0 exposes to the others, each puts me * 7 into slot me
        Group all = w.getGroup();
        if (me == 0) {
            base.put(0, 99);
            if (n > 1) {
                win.post(all.excl(new int[] {0}), 0);
                while (!win.test()) {
                    Thread.onSpinWait();
                }
            }
            int[] pscw = new int[n];
            pscw[0] = 99;
            for (int j = 1; j < n; j++) {
                pscw[j] = j * 7;
            }
            Out.check("win", "pscw", ints(base), pscw);
        } else {
            win.start(all.incl(new int[] {0}), 0);
            one.put(0, me * 7);
            win.put(one, 1, MPI.INT, 0, me, 1, MPI.INT);
            IntBuffer first = MPI.newIntBuffer(1);
            win.get(first, 1, MPI.INT, 0, 0, 1, MPI.INT);
            win.complete();
            Out.check("win", "pscw get sees post's stores", first.get(0), 99);
        }
        w.barrier();

        // passive target: a fetchAndOp counter in slot 0 of rank 0, and one compareAndSwap winner in slot 1
        if (me == 0) {
            win.lock(MPI.LOCK_EXCLUSIVE, 0, 0);
            base.put(0, 0);
            base.put(1, -1);
            win.unlock(0);
        }
        w.barrier();
        IntBuffer inc = MPI.newIntBuffer(1);
        inc.put(0, 1);
        IntBuffer before = MPI.newIntBuffer(1);
        win.lock(MPI.LOCK_EXCLUSIVE, 0, 0);
        win.fetchAndOp(inc, before, MPI.INT, 0, 0, MPI.SUM);
        win.unlock(0);
        int[] befores = new int[n];
        w.allGather(new int[] {before.get(0)}, 1, MPI.INT, befores, 1, MPI.INT);
        java.util.Arrays.sort(befores);
        int[] counts = new int[n];
        for (int j = 0; j < n; j++) {
            counts[j] = j;
        }
        Out.check("win", "fetchAndOp values", befores, counts);
        win.lockAll(0);
        IntBuffer mine = MPI.newIntBuffer(1);
        mine.put(0, me);
        IntBuffer compare = MPI.newIntBuffer(1);
        compare.put(0, -1);
        IntBuffer old = MPI.newIntBuffer(1);
        win.compareAndSwap(mine, compare, old, MPI.INT, 0, 1);
        win.flush(0);
        win.unlockAll();
        int[] won = new int[1];
        w.allReduce(new int[] {old.get(0) == -1 ? 1 : 0}, won, 1, MPI.INT, MPI.SUM);
        Out.check("win", "compareAndSwap winners", won[0], 1);
        w.barrier();
        if (me == 0) {
            win.sync();
            Out.check("win", "counter", base.get(0), n);
            Out.check("win", "swapped value valid", base.get(1) >= 0 && base.get(1) < n, true);
        }
        w.barrier();

        // request forms inside lockAll: put into slot me of the next rank, read it back, add, fetch
        int next = (me + 1) % n;
        win.lockAll(0);
        one.put(0, 1000 + me);
        Request rp = win.rPut(one, 1, MPI.INT, next, me, 1, MPI.INT);
        rp.waitFor();
        win.flush(next);
        IntBuffer back = MPI.newIntBuffer(1);
        Request rg = win.rGet(back, 1, MPI.INT, next, me, 1, MPI.INT);
        rg.waitFor();
        Out.check("win", "rPut then rGet", back.get(0), 1000 + me);
        IntBuffer ten = MPI.newIntBuffer(1);
        ten.put(0, 10);
        win.rAccumulate(ten, 1, MPI.INT, next, me, 1, MPI.INT, MPI.SUM).waitFor();
        IntBuffer nothing = MPI.newIntBuffer(1);
        IntBuffer now = MPI.newIntBuffer(1);
        win.rGetAccumulate(nothing, 1, MPI.INT, now, 1, MPI.INT, next, me, 1, MPI.INT, MPI.NO_OP).waitFor();
        win.flushAll();
        win.flushLocal(next);
        win.flushLocalAll();
        win.unlockAll();
        Out.check("win", "rAccumulate then rGetAccumulate", now.get(0), 1010 + me);
        w.barrier();
        win.lock(MPI.LOCK_SHARED, me, 0);
        int prev = (me - 1 + n) % n;
        Out.check("win", "own slot from the previous rank", base.get(prev), 1010 + prev);
        win.unlock(me);

        // handle calls
        Out.check("win", "group size", win.getGroup().getSize(), n);
        Out.check("win", "default name", win.getName(), "");
        win.setName("counters");
        Out.check("win", "name", win.getName(), "counters");
        Out.check("win", "size attribute", win.getAttr(MPI.WIN_SIZE), n * 4);
        Out.check("win", "disp unit attribute", win.getAttr(MPI.WIN_DISP_UNIT), 4);
        int key = Win.createKeyval();
        win.setAttr(key, "v");
        Out.check("win", "attribute", win.getAttr(key), "v");
        win.deleteAttr(key);
        Out.check("win", "deleted attribute", win.getAttr(key), null);
        Win.freeKeyval(key);
        win.setErrhandler(MPI.ERRORS_RETURN);
        int errorClass = -1;
        try {
            win.put(one, 1, MPI.INT, 0, 0, 1, MPI.INT); // no epoch is open
        } catch (MPIException e) {
            errorClass = e.getErrorClass();
        }
        Out.check("win", "put outside an epoch", errorClass, MPI.ERR_RMA_SYNC);
        String refused = "";
        try {
            win.put(IntBuffer.allocate(1), 1, MPI.INT, 0, 0, 1, MPI.INT);
        } catch (IllegalArgumentException e) {
            refused = "heap";
        }
        Out.check("win", "heap origin refused", refused, "heap");
        int dynamic = -1;
        try {
            new Win(MPI.INFO_NULL, w);
        } catch (MPIException e) {
            dynamic = e.getErrorClass();
        }
        Out.check("win", "dynamic window refused", dynamic, MPI.ERR_UNSUPPORTED_OPERATION);
        win.free();

        // an allocated shared window of doubles with a displacement unit of 2 elements
        DoubleBuffer d = MPI.newDoubleBuffer(2 * n);
        Win dw = new Win(2 * n, 2, MPI.INFO_NULL, w, d, Win.FLAVOR_SHARED);
        dw.fence(0);
        DoubleBuffer pair = MPI.newDoubleBuffer(2);
        pair.put(0, me + 0.5).put(1, -me);
        dw.put(pair, 2, MPI.DOUBLE, next, me, 2, MPI.DOUBLE);
        dw.fence(0);
        double[] dmodel = new double[2 * n];
        dmodel[2 * prev] = prev + 0.5;
        dmodel[2 * prev + 1] = -prev;
        double[] dgot = new double[2 * n];
        d.get(0, dgot);
        Out.check("win", "displacement unit 2", dgot, dmodel);
        dw.free();

        // stress: every rank takes 200 tickets from one fetchAndOp counter under lockAll; no
        // ticket may be lost or handed out twice
        int rounds = 200;
        IntBuffer counter = MPI.newIntBuffer(1);
        Win cw = new Win(counter, 1, 1, MPI.INFO_NULL, w);
        int[] tickets = new int[rounds];
        cw.lockAll(0);
        IntBuffer ticket = MPI.newIntBuffer(1);
        for (int k = 0; k < rounds; k++) {
            cw.fetchAndOp(inc, ticket, MPI.INT, 0, 0, MPI.SUM);
            tickets[k] = ticket.get(0);
        }
        cw.unlockAll();
        int[] allTickets = new int[rounds * n];
        w.allGather(tickets, rounds, MPI.INT, allTickets, rounds, MPI.INT);
        java.util.Arrays.sort(allTickets);
        boolean each = true;
        for (int k = 0; k < allTickets.length; k++) {
            each &= allTickets[k] == k;
        }
        Out.check("win", "every ticket once", each, true);
        cw.free();
        if (me == 0) {
            Out.check("win", "counter after the stress", counter.get(0), rounds * n);
        }
        Out.line("win", "done", true);
    }

    private static int[] ints(IntBuffer b) {
        int[] a = new int[b.capacity()];
        b.get(0, a);
        return a;
    }
}
