package io.ccrj.mpi.mpijava.ompi;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;
import mpi.CartComm;
import mpi.CartParms;
import mpi.Comm;
import mpi.Count;
import mpi.Datatype;
import mpi.DoubleComplex;
import mpi.DoubleInt;
import mpi.Errhandler;
import mpi.FloatComplex;
import mpi.File;
import mpi.GraphComm;
import mpi.GraphParms;
import mpi.Group;
import mpi.Info;
import mpi.Message;
import mpi.DistGraphNeighbors;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Prequest;
import mpi.Request;
import mpi.ShiftParms;
import mpi.Status;
import mpi.Struct;
import mpi.UserFunction;
import mpi.Version;

/**
 * Programs written for Open MPI's Java bindings, one method per family of calls (environment,
 * point-to-point with arrays and with heap and direct buffers, nonblocking and persistent
 * requests, collectives and their in-place forms, reductions with user functions and MINLOC
 * structs, datatypes, groups, communicators and attributes, topologies, info, error handlers,
 * the refused calls). Every value is checked against MPI's definition, computed here.
 *
 * <p>It uses Open MPI's API only, so that the test of binary compatibility compiles this same
 * source against signatures-only stubs of Open MPI's classes and runs the class files it gets.
 */
public class OpenMpiPrograms {

    /**
     * Runs every family.
     *
     * @param args passed to {@code MPI.Init}
     * @throws MPIException if MPI fails
     */
    public static void main(String[] args) throws MPIException {
        int provided = MPI.InitThread(args, MPI.THREAD_FUNNELED);
        Out.check("env", "provided", provided, MPI.THREAD_FUNNELED);
        Out.check("env", "initialized", MPI.isInitialized(), true);
        Out.check("env", "thread main", MPI.isThreadMain(), true);
        double t0 = MPI.wtime();
        Out.check("env", "wtime monotonic", MPI.wtime() >= t0 && MPI.wtick() > 0, true);
        Out.check("env", "processor name", !MPI.getProcessorName().isEmpty(), true);
        Version v = MPI.getVersion();
        Out.check("env", "version", v.getVersion() * 10 + v.getSubVersion(), 31);
        Out.check("env", "self", new int[] {MPI.COMM_SELF.getSize(), MPI.COMM_SELF.getRank()}, new int[] {1, 0});
        pointToPoint();
        requests();
        collectives();
        reductions();
        datatypes();
        groupsAndComms();
        topologies();
        infoAndErrors();
        mpi3();
        Windows.run();
        MPI.COMM_WORLD.barrier();
        Out.line("all", "done", true);
        MPI.Finalize();
        Out.check("env", "finalized", MPI.isFinalized(), true);
    }

    static void pointToPoint() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int me = w.getRank();
        int n = w.getSize();
        int right = (me + 1) % n;
        int left = (me + n - 1) % n;
        // arrays from element 0, and heap buffers at an offset through MPI.slice
        int[] out = {me, me * 10, me * 100};
        int[] in = new int[3];
        Status s = w.sendRecv(out, 3, MPI.INT, right, 7, in, 3, MPI.INT, left, 7);
        Out.check("p2p", "sendRecv", in, new int[] {left, left * 10, left * 100});
        Out.check("p2p", "status", new int[] {s.getSource(), s.getTag(), s.getCount(MPI.INT)},
                new int[] {left, 7, 3});
        double[] big = new double[6];
        big[2] = me + 0.5;
        double[] got = new double[6];
        w.sendRecv(MPI.slice(big, 2), 1, MPI.DOUBLE, right, 8, MPI.slice(got, 4), 1, MPI.DOUBLE, left, 8);
        Out.check("p2p", "slice of arrays", got[4], left + 0.5);
        // direct buffers, sliced
        DoubleBuffer db = MPI.newDoubleBuffer(4);
        db.put(1, me * 2.0);
        DoubleBuffer dr = MPI.newDoubleBuffer(4);
        w.sendRecv(MPI.slice(db, 1), 1, MPI.DOUBLE, right, 9, MPI.slice(dr, 3), 1, MPI.DOUBLE, left, 9);
        Out.check("p2p", "direct buffer slice", dr.get(3), left * 2.0);
        // sendRecvReplace, send modes, probe
        int[] rep = {me};
        w.sendRecvReplace(rep, 1, MPI.INT, right, 10, left, 10);
        Out.check("p2p", "sendRecvReplace", rep[0], left);
        if (n >= 2) {
            if (me == 0) {
                w.sSend(new long[] {42L}, 1, MPI.LONG, 1, 11);
                MPI.attachBuffer(new byte[1024]);
                w.bSend(new long[] {43L}, 1, MPI.LONG, 1, 12);
                Out.check("p2p", "detach", MPI.detachBuffer().length, 1024);
                w.send(new char[] {'o', 'k'}, 2, MPI.CHAR, 1, 13);
            } else if (me == 1) {
                Status p = w.probe(0, 11);
                Out.check("p2p", "probe", new int[] {p.getSource(), p.getTag(), p.getCount(MPI.LONG)},
                        new int[] {0, 11, 1});
                long[] l = new long[1];
                w.recv(l, 1, MPI.LONG, 0, 11);
                long[] l2 = new long[1];
                w.recv(l2, 1, MPI.LONG, 0, 12);
                char[] c = new char[2];
                Status cs = w.recv(c, 2, MPI.CHAR, MPI.ANY_SOURCE, MPI.ANY_TAG);
                Out.check("p2p", "modes", new Object[] {l[0], l2[0], new String(c), cs.getTag()},
                        new Object[] {42L, 43L, "ok", 13});
                Out.check("p2p", "iProbe nothing", w.iProbe(0, 99), null);
            }
        }
        w.barrier();
        Out.line("p2p", "done", true);
    }

    static void requests() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int me = w.getRank();
        int n = w.getSize();
        int right = (me + 1) % n;
        int left = (me + n - 1) % n;
        IntBuffer send = MPI.newIntBuffer(300);
        for (int i = 0; i < 300; i++) {
            send.put(i, me * 1000 + i);
        }
        IntBuffer recv = MPI.newIntBuffer(300);
        Request r = w.iRecv(recv, 300, MPI.INT, left, 20);
        Request s = w.iSend(send, 300, MPI.INT, right, 20);
        Request.waitAll(new Request[] {r, s});
        Out.check("req", "iRecv into direct buffer", new int[] {recv.get(0), recv.get(299)},
                new int[] {left * 1000, left * 1000 + 299});
        Out.check("req", "null after wait", r.isNull() && s.isNull(), true);
        // waitAny / testAll / waitSome with statuses
        IntBuffer a = MPI.newIntBuffer(1);
        IntBuffer b = MPI.newIntBuffer(1);
        Request[] rs = {w.iRecv(a, 1, MPI.INT, left, 21), w.iRecv(b, 1, MPI.INT, left, 22)};
        w.send(new int[] {me + 1}, 1, MPI.INT, right, 22);
        w.send(new int[] {me + 2}, 1, MPI.INT, right, 21);
        Status first = Request.waitAnyStatus(rs);
        int second = Request.waitAny(rs);
        Out.check("req", "waitAny indices", new int[] {Math.min(first.getIndex(), second),
            Math.max(first.getIndex(), second)}, new int[] {0, 1});
        Out.check("req", "waitAny values", new int[] {a.get(0), b.get(0)}, new int[] {left + 2, left + 1});
        Out.check("req", "all null", Request.testAll(rs), true);
        Out.check("req", "waitAny of nulls", Request.waitAny(rs), MPI.UNDEFINED);
        // persistent requests re-read the direct buffer at each start
        IntBuffer ps = MPI.newIntBuffer(1);
        IntBuffer pr = MPI.newIntBuffer(1);
        Prequest send2 = w.sendInit(ps, 1, MPI.INT, right, 23);
        Prequest recv2 = w.recvInit(pr, 1, MPI.INT, left, 23);
        int[] seen = new int[2];
        for (int round = 0; round < 2; round++) {
            ps.put(0, me * 10 + round);
            Prequest.startAll(new Prequest[] {recv2, send2});
            Status[] st = Request.waitAllStatus(new Request[] {recv2, send2});
            seen[round] = pr.get(0);
            Out.check("req", "persistent status " + round, st[0].getSource(), left);
        }
        Out.check("req", "persistent", seen, new int[] {left * 10, left * 10 + 1});
        send2.free();
        recv2.free();
        // test / testStatus / cancel
        IntBuffer never = MPI.newIntBuffer(1);
        Request c = w.iRecv(never, 1, MPI.INT, left, 24);
        Out.check("req", "test pending", c.test(), false);
        c.cancel();
        Status cs = c.waitStatus();
        Out.check("req", "cancelled", cs.isCancelled(), true);
        // Open MPI refuses heap buffers in nonblocking calls
        try {
            w.iSend(IntBuffer.allocate(1), 1, MPI.INT, right, 25);
            Out.check("req", "heap buffer refused", false, true);
        } catch (IllegalArgumentException e) {
            Out.check("req", "heap buffer refused", e.getMessage().contains("direct"), true);
        }
        w.barrier();
        Out.line("req", "done", true);
    }

    static void collectives() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int me = w.getRank();
        int n = w.getSize();
        int[] b = {me == 1 % n ? 5 : 0, me == 1 % n ? 6 : 0};
        w.bcast(b, 2, MPI.INT, 1 % n);
        Out.check("coll", "bcast", b, new int[] {5, 6});
        int[] all = new int[n];
        w.allGather(new int[] {me * me}, 1, MPI.INT, all, 1, MPI.INT);
        int[] squares = new int[n];
        for (int i = 0; i < n; i++) {
            squares[i] = i * i;
        }
        Out.check("coll", "allGather", all, squares);
        int[] inPlace = new int[n];
        inPlace[me] = me * me;
        w.allGather(inPlace, 1, MPI.INT);
        Out.check("coll", "allGather in place", inPlace, squares);
        int[] gathered = new int[n];
        w.gather(new int[] {me + 1}, 1, MPI.INT, gathered, 1, MPI.INT, 0);
        if (me == 0) {
            int[] expect = new int[n];
            for (int i = 0; i < n; i++) {
                expect[i] = i + 1;
            }
            Out.check("coll", "gather", gathered, expect);
        }
        int[] blocks = new int[n];
        if (me == 0) {
            for (int i = 0; i < n; i++) {
                blocks[i] = 100 + i;
            }
        }
        int[] mine = new int[1];
        w.scatter(blocks, 1, MPI.INT, mine, 1, MPI.INT, 0);
        Out.check("coll", "scatter", mine[0], 100 + me);
        // v-forms: rank i contributes i+1 items of value i
        int[] counts = new int[n];
        int[] displs = new int[n];
        int total = 0;
        for (int i = 0; i < n; i++) {
            counts[i] = i + 1;
            displs[i] = total;
            total += i + 1;
        }
        int[] mineV = new int[me + 1];
        Arrays.fill(mineV, me);
        int[] allV = new int[total];
        w.allGatherv(mineV, me + 1, MPI.INT, allV, counts, displs, MPI.INT);
        int[] expectV = new int[total];
        for (int i = 0; i < n; i++) {
            Arrays.fill(expectV, displs[i], displs[i] + counts[i], i);
        }
        Out.check("coll", "allGatherv", allV, expectV);
        int[] gv = new int[total];
        if (me == 0) {
            Arrays.fill(gv, 0, 1, 0);
            w.gatherv(gv, counts, displs, MPI.INT, 0);
            Out.check("coll", "gatherv in place", gv, expectV);
        } else {
            w.gatherv(mineV, me + 1, MPI.INT, 0);
        }
        int[] sv = new int[me + 1];
        w.scatterv(expectV, counts, displs, MPI.INT, sv, me + 1, MPI.INT, 0);
        int[] expectSv = new int[me + 1];
        Arrays.fill(expectSv, me);
        Out.check("coll", "scatterv", sv, expectSv);
        // allToAll: block i of rank r is r*n+i
        int[] a2a = new int[n];
        for (int i = 0; i < n; i++) {
            a2a[i] = me * n + i;
        }
        int[] a2aOut = new int[n];
        w.allToAll(a2a, 1, MPI.INT, a2aOut, 1, MPI.INT);
        int[] expectA2a = new int[n];
        for (int i = 0; i < n; i++) {
            expectA2a[i] = i * n + me;
        }
        Out.check("coll", "allToAll", a2aOut, expectA2a);
        int[] ones = new int[n];
        Arrays.fill(ones, 1);
        int[] seq = new int[n];
        for (int i = 0; i < n; i++) {
            seq[i] = i;
        }
        int[] a2av = new int[n];
        w.allToAllv(a2a, ones, seq, MPI.INT, a2av, ones, seq, MPI.INT);
        Out.check("coll", "allToAllv", a2av, expectA2a);
        w.barrier();
        Out.line("coll", "done", true);
    }

    /** Sums pairs element-wise through the byte-buffer form of {@link UserFunction}. */
    static final class ByteSum extends UserFunction {
        @Override
        public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype datatype) {
            IntBuffer x = in.asIntBuffer();
            IntBuffer y = inOut.asIntBuffer();
            for (int i = 0; i < count; i++) {
                y.put(i, x.get(i) + y.get(i));
            }
        }
    }

    /** Associative, not commutative: keeps the left operand (so the result is the lowest rank's). */
    static final class First extends UserFunction {
        @Override
        public void call(Object in, Object inOut, int count, Datatype datatype) {
            long[] x = (long[]) in;
            long[] y = (long[]) inOut;
            System.arraycopy(x, 0, y, 0, count);
        }
    }

    static void reductions() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int me = w.getRank();
        int n = w.getSize();
        int sum = n * (n - 1) / 2;
        int[] r = new int[1];
        w.allReduce(new int[] {me}, r, 1, MPI.INT, MPI.SUM);
        Out.check("red", "allReduce", r[0], sum);
        DoubleBuffer d = MPI.newDoubleBuffer(1);
        d.put(0, me);
        w.allReduce(d, 1, MPI.DOUBLE, MPI.MAX);
        Out.check("red", "allReduce in place direct", d.get(0), (double) (n - 1));
        int[] root = {me + 1};
        w.reduce(root, 1, MPI.INT, MPI.PROD, 0);
        if (me == 0) {
            int f = 1;
            for (int i = 1; i <= n; i++) {
                f *= i;
            }
            Out.check("red", "reduce in place", root[0], f);
        }
        int[] user = new int[1];
        Op byteSum = new Op(new ByteSum(), true);
        w.allReduce(new int[] {me * 2}, user, 1, MPI.INT, byteSum);
        Out.check("red", "user function on bytes", user[0], 2 * sum);
        Out.check("red", "user op commutative", byteSum.isCommutative(), true);
        byteSum.free();
        long[] first = new long[1];
        w.reduce(new long[] {me + 1}, first, 1, MPI.LONG, new Op(new First(), false), 0);
        if (me == 0) {
            Out.check("red", "non-commutative order", first[0], 1L);
        }
        int[] scan = new int[1];
        w.scan(new int[] {me}, scan, 1, MPI.INT, MPI.SUM);
        Out.check("red", "scan", scan[0], me * (me + 1) / 2);
        int[] rsIn = new int[n];
        Arrays.fill(rsIn, me);
        int[] rsOut = new int[1];
        int[] ones = new int[n];
        Arrays.fill(ones, 1);
        w.reduceScatter(rsIn, rsOut, ones, MPI.INT, MPI.SUM);
        Out.check("red", "reduceScatter", rsOut[0], sum);
        int[] local = {1, 2};
        Comm.reduceLocal(new int[] {10, 20}, local, 2, MPI.INT, MPI.SUM);
        Out.check("red", "reduceLocal", local, new int[] {11, 22});
        // MINLOC on Open MPI's (double, int) structs in a direct byte buffer
        ByteBuffer in = MPI.newByteBuffer(MPI.doubleInt.getExtent());
        DoubleInt.Data di = MPI.doubleInt.getData(in);
        di.putValue(me == n - 1 ? -1.0 : me);
        di.putIndex(me);
        ByteBuffer out = MPI.newByteBuffer(MPI.doubleInt.getExtent());
        w.allReduce(in, out, 1, MPI.DOUBLE_INT, MPI.MINLOC);
        DoubleInt.Data res = MPI.doubleInt.getData(out);
        Out.check("red", "minloc double_int", new Object[] {res.getValue(), res.getIndex()},
                new Object[] {n == 1 ? -1.0 : -1.0, n - 1});
        // MAXLOC on int pairs in an int array (both APIs' INT2)
        int[] pair = {me % 2, me};
        int[] maxloc = new int[2];
        w.allReduce(pair, maxloc, 1, MPI.INT2, MPI.MAXLOC);
        Out.check("red", "maxloc int2", maxloc, new int[] {n > 1 ? 1 : 0, n > 1 ? 1 : 0});
        w.barrier();
        complexNumbers();
        Out.line("red", "done", true);
    }

    /** A struct of an int and two doubles, as Open MPI's Struct programs declare one. */
    static final class Particle extends Struct {
        private final int id = addInt();
        private final int pos = setOffset(8).addDouble(2);

        @Override
        protected Data newData() {
            return new Data();
        }

        final class Data extends Struct.Data {
            int id() {
                return getInt(id);
            }

            double pos(int i) {
                return getDouble(pos, i);
            }

            void set(int v, double x, double y) {
                putInt(id, v);
                putDouble(pos, 0, x);
                putDouble(pos, 1, y);
            }
        }
    }

    /** FLOAT_COMPLEX and DOUBLE_COMPLEX: rank r holds (r+1) + (r+2)i; SUM and PROD against a sequential model. */
    static void complexNumbers() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int me = w.getRank();
        int n = w.getSize();
        double sr = 0;
        double si = 0;
        double pr = 1;
        double pi = 0;
        for (int r = 0; r < n; r++) {
            sr += r + 1;
            si += r + 2;
            double re = pr * (r + 1) - pi * (r + 2);
            pi = pr * (r + 2) + pi * (r + 1);
            pr = re;
        }
        DoubleBuffer zin = MPI.newDoubleBuffer(2);
        DoubleBuffer zout = MPI.newDoubleBuffer(2);
        DoubleComplex z = DoubleComplex.get(zin);
        z.putReal(me + 1);
        z.putImag(me + 2);
        w.allReduce(zin, zout, 1, MPI.DOUBLE_COMPLEX, MPI.PROD);
        DoubleComplex p = DoubleComplex.get(zout);
        Out.check("red", "complex prod", new double[] {p.getReal() + 0.0, p.getImag() + 0.0},
                new double[] {pr + 0.0, pi + 0.0});
        double[] sum = new double[2];
        w.allReduce(new double[] {me + 1, me + 2}, sum, 1, MPI.DOUBLE_COMPLEX, MPI.SUM);
        Out.check("red", "complex sum", sum, new double[] {sr, si});
        FloatBuffer fin = MPI.newFloatBuffer(2);
        FloatBuffer fout = MPI.newFloatBuffer(2);
        FloatComplex fc = FloatComplex.get(fin);
        fc.putReal(1);
        fc.putImag(1);
        Request req = w.iReduce(fin, fout, 1, MPI.FLOAT_COMPLEX, MPI.SUM, 0);
        req.waitFor();
        req.free();
        if (me == 0) {
            FloatComplex f = FloatComplex.get(fout);
            Out.check("red", "complex iReduce", new float[] {f.getReal(), f.getImag()}, new float[] {n, n});
        }
        double[] bc = me == 0 ? new double[] {0.5, -1.5, 2.5, -3.5} : new double[4];
        w.bcast(bc, 2, MPI.DOUBLE_COMPLEX, 0);
        Out.check("red", "complex bcast", DoubleComplex.get(bc, 1).getImag(), -3.5);
        Intracomm returning = w.dup();
        returning.setErrhandler(MPI.ERRORS_RETURN);
        int errorClass = 0;
        try {
            returning.allReduce(new double[] {1, 1}, new double[2], 1, MPI.DOUBLE_COMPLEX, MPI.MAX);
        } catch (MPIException e) {
            errorClass = e.getErrorClass();
        }
        Out.check("red", "complex max refused", errorClass, MPI.ERR_OP);
        returning.free();
    }

    static void datatypes() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int me = w.getRank();
        int n = w.getSize();
        int right = (me + 1) % n;
        int left = (me + n - 1) % n;
        Datatype vec = Datatype.createVector(3, 1, 2, MPI.INT);
        vec.commit();
        Out.check("types", "vector extent size", new int[] {vec.getExtent(), vec.getSize()}, new int[] {5, 3});
        int[] src = {me, -1, me + 1, -1, me + 2};
        int[] dst = new int[5];
        w.sendRecv(src, 1, vec, right, 30, dst, 1, vec, left, 30);
        Out.check("types", "vector", dst, new int[] {left, 0, left + 1, 0, left + 2});
        Datatype contig = Datatype.createContiguous(2, MPI.DOUBLE);
        Out.check("types", "contiguous", new int[] {contig.getExtent(), contig.getSize()}, new int[] {2, 2});
        Datatype hv = Datatype.createHVector(2, 1, 16, MPI.DOUBLE);
        Out.check("types", "hvector stride in bytes", hv.getExtent(), 3);
        Datatype idx = Datatype.createIndexed(new int[] {1, 2}, new int[] {0, 3}, MPI.INT);
        int[] isrc = {1 + me, 0, 0, 2 + me, 3 + me};
        int[] idst = new int[5];
        w.sendRecv(isrc, 1, idx, right, 31, idst, 1, idx, left, 31);
        Out.check("types", "indexed", idst, new int[] {1 + left, 0, 0, 2 + left, 3 + left});
        Datatype st = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 8}, new Datatype[] {MPI.INT, MPI.INT});
        Out.check("types", "struct displacement in bytes", st.getExtent(), 3);
        try {
            Datatype.createStruct(new int[] {1, 1}, new int[] {0, 8}, new Datatype[] {MPI.INT, MPI.DOUBLE});
            Out.check("types", "mixed struct refused", false, true);
        } catch (MPIException e) {
            Out.check("types", "mixed struct refused", e.getErrorClass(), MPI.ERR_TYPE);
        }
        Datatype resized = Datatype.createResized(MPI.INT, 0, 2);
        Out.check("types", "resized", new int[] {resized.getLb(), resized.getExtent(), resized.getSize()},
                new int[] {0, 2, 1});
        Datatype dup = MPI.DOUBLE.dup();
        dup.setName("my double");
        Out.check("types", "names", new String[] {dup.getName(), MPI.DOUBLE.getName()},
                new String[] {"my double", "MPI.DOUBLE"});
        int key = Datatype.createKeyval();
        dup.setAttr(key, "x");
        Out.check("types", "attr", dup.getAttr(key), "x");
        dup.deleteAttr(key);
        Out.check("types", "attr deleted", dup.getAttr(key), null);
        dup.free();
        // a Struct's bytes travel in a direct byte buffer
        Particle p = new Particle();
        ByteBuffer pb = MPI.newByteBuffer(p.getExtent() * 2);
        Particle.Data d1 = p.getData(pb, 1);
        d1.set(me, me + 0.25, me + 0.75);
        ByteBuffer pr = MPI.newByteBuffer(p.getExtent() * 2);
        w.sendRecv(MPI.slice(pb, p.getExtent()), 1, p.getType(), right, 32, pr, 1, p.getType(), left, 32);
        Particle.Data got = p.getData(pr);
        Out.check("types", "struct bytes", new Object[] {got.id(), got.pos(0), got.pos(1)},
                new Object[] {left, left + 0.25, left + 0.75});
        Out.check("types", "struct extent", p.getExtent(), 24);
        // pack and unpack
        byte[] packed = new byte[w.packSize(2, MPI.INT)];
        int pos = w.pack(new int[] {me, me + 1}, 2, MPI.INT, packed, 0);
        int[] unpacked = new int[2];
        w.unpack(packed, 0, unpacked, 2, MPI.INT);
        Out.check("types", "pack", new Object[] {pos, unpacked}, new Object[] {8, new int[] {me, me + 1}});
        Status s = w.sendRecv(new int[] {1, 2, 3, 4}, 4, MPI.INT, right, 33, new int[4], 4, MPI.INT, left, 33);
        Out.check("types", "getElements", new Object[] {s.getElements(MPI.INT), s.getElementsX(MPI.INT).getCount(),
            s.getCount(Datatype.createContiguous(3, MPI.INT))}, new Object[] {4, 4L, MPI.UNDEFINED});
        Count c = new Count(5);
        c.setCount(6);
        Out.check("types", "count", new Object[] {c.getCount(), c.compareTo(new Count(7)), c.equals(new Count(6))},
                new Object[] {6L, -1, true});
        w.barrier();
        Out.line("types", "done", true);
    }

    static void groupsAndComms() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int me = w.getRank();
        int n = w.getSize();
        Group g = w.getGroup();
        Out.check("comm", "group", new int[] {g.getSize(), g.getRank()}, new int[] {n, me});
        Group first = g.incl(new int[] {0});
        Group rest = g.excl(new int[] {0});
        Group union = Group.union(rest, first);
        Out.check("comm", "union order", Group.translateRanks(union, new int[] {n - 1}, g), new int[] {0});
        Out.check("comm", "compare", new int[] {Group.compare(g, g), Group.compare(g, union)},
                new int[] {MPI.IDENT, n == 1 ? MPI.IDENT : MPI.SIMILAR});
        Out.check("comm", "intersection", Group.intersection(g, first).getSize(), 1);
        Out.check("comm", "difference", Group.difference(g, first).getSize(), n - 1);
        Out.check("comm", "range", g.rangeIncl(new int[][] {{0, n - 1, 2}}).getSize(), (n + 1) / 2);
        Intracomm dup = w.dup();
        Out.check("comm", "dup compare", Comm.compare(w, dup), MPI.CONGRUENT);
        Intracomm half = w.split(me % 2, -me);
        int[] sum = new int[1];
        half.allReduce(new int[] {1}, sum, 1, MPI.INT, MPI.SUM);
        Out.check("comm", "split", new int[] {half.getSize(), half.getRank(), sum[0]},
                new int[] {(n + 1 - me % 2) / 2, (half.getSize() - 1) - me / 2, half.getSize()});
        Intracomm evens = w.create(g.rangeIncl(new int[][] {{0, n - 1, 2}}));
        Out.check("comm", "create", evens == null ? -1 : evens.getRank(), me % 2 == 0 ? me / 2 : -1);
        // createGroup: only the odd processes call it (twice, with two tags); the even ones go on
        // to the next collective on w, which the odd ones then join, in step.
        if (me % 2 == 1) {
            Group odds = g.rangeIncl(new int[][] {{1, n - 1, 2}});
            Intracomm a = w.createGroup(odds, 5);
            Intracomm b = w.createGroup(odds, 6);
            int[] oddSum = new int[1];
            a.allReduce(new int[] {me}, oddSum, 1, MPI.INT, MPI.SUM);
            int expect = 0;
            for (int r = 1; r < n; r += 2) {
                expect += r;
            }
            Out.check("comm", "createGroup", new int[] {a.getRank(), a.getSize(), oddSum[0], Comm.compare(a, b)},
                    new int[] {me / 2, n / 2, expect, MPI.CONGRUENT});
            a.free();
            b.free();
        }
        Intracomm none = w.split(me == 0 ? MPI.UNDEFINED : 1, 0);
        Out.check("comm", "split undefined", none == null, me == 0);
        dup.setName("twin");
        Out.check("comm", "names", new String[] {dup.getName(), w.getName()}, new String[] {"twin", "MPI_COMM_WORLD"});
        int key = Comm.createKeyval();
        dup.setAttr(key, me);
        Out.check("comm", "attrs", new Object[] {dup.getAttr(key), w.getAttr(MPI.TAG_UB) != null,
            w.getAttr(MPI.WTIME_IS_GLOBAL)}, new Object[] {me, true, true});
        Out.check("comm", "topology", w.getTopology(), MPI.UNDEFINED);
        Out.check("comm", "inter", w.isInter(), false);
        dup.free();
        Out.check("comm", "freed", dup.isNull(), true);
        half.free();
        Intracomm c = (Intracomm) w.clone();
        Out.check("comm", "clone", c.getSize(), n);
        w.barrier();
        Out.line("comm", "done", true);
    }

    static void topologies() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int me = w.getRank();
        int n = w.getSize();
        int[] dims = {0, 0};
        CartComm.createDims(n, dims);
        Out.check("topo", "dims product", dims[0] * dims[1], n);
        CartComm cart = w.createCart(dims, new boolean[] {true, false}, false);
        CartParms cp = cart.getTopo();
        Out.check("topo", "cart parms", new int[] {cp.getDimCount(), cp.getDim(0), cp.getDim(1)},
                new int[] {2, dims[0], dims[1]});
        int[] coords = cart.getCoords(me);
        Out.check("topo", "coords round trip", cart.getRank(coords), me);
        Out.check("topo", "own coords", new int[] {cp.getCoord(0), cp.getCoord(1)}, coords);
        ShiftParms sp = cart.shift(0, 1);
        int up = ((coords[0] + 1) % dims[0]) * dims[1] + coords[1];
        int down = ((coords[0] - 1 + dims[0]) % dims[0]) * dims[1] + coords[1];
        Out.check("topo", "shift periodic", new int[] {sp.getRankSource(), sp.getRankDest()},
                new int[] {down, up});
        ShiftParms edge = cart.shift(1, 1);
        Out.check("topo", "shift edge", edge.getRankDest(), coords[1] == dims[1] - 1 ? MPI.PROC_NULL : me + 1);
        CartComm row = cart.sub(new boolean[] {false, true});
        Out.check("topo", "sub", row.getSize(), dims[1]);
        Out.check("topo", "cart topology", cart.getTopology(), MPI.CART);
        CartComm cartDup = cart.dup();
        Out.check("topo", "cart dup keeps topology", cartDup.getTopo().getDimCount(), 2);
        // a ring as a graph
        int[] index = new int[n];
        int[] edges = new int[n == 1 ? 0 : n == 2 ? 2 : 2 * n];
        int e = 0;
        for (int i = 0; i < n; i++) {
            if (n == 2) {
                edges[e++] = 1 - i;
            } else if (n > 2) {
                edges[e++] = (i + n - 1) % n;
                edges[e++] = (i + 1) % n;
            }
            index[i] = e;
        }
        GraphComm graph = w.createGraph(index, edges, false);
        GraphParms gp = graph.getDims();
        Out.check("topo", "graph", new int[] {gp.getIndexCount(), gp.getEdgeCount(), graph.getTopology()},
                new int[] {n, edges.length, MPI.GRAPH});
        int[] nb = graph.getNeighbors(me);
        Out.check("topo", "neighbours", nb.length, n == 1 ? 0 : n == 2 ? 1 : 2);
        w.barrier();
        Out.line("topo", "done", true);
    }

    static void infoAndErrors() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int me = w.getRank();
        int n = w.getSize();
        Info info = new Info();
        info.set("a", "1");
        info.set("b", "2");
        Out.check("info", "keys", new Object[] {info.size(), info.getKey(1), info.get("a"), info.get("zz")},
                new Object[] {2, "b", "1", null});
        info.delete("a");
        Info copy = info.clone();
        Out.check("info", "clone", new Object[] {copy.size(), copy.get("b")}, new Object[] {1, "2"});
        Intracomm d = w.dupWithInfo(copy);
        Out.check("info", "stored", d.getInfo().get("b"), "2");
        info.free();
        Out.check("info", "freed", info.isNull(), true);
        // ERRORS_RETURN: Open MPI's calls throw MPIException with the error class
        Intracomm c = w.dup();
        Out.check("err", "default handler", c.getErrhandler() == MPI.ERRORS_ARE_FATAL, true);
        c.setErrhandler(MPI.ERRORS_RETURN);
        Errhandler h = c.getErrhandler();
        Out.check("err", "handler set", h == MPI.ERRORS_RETURN, true);
        try {
            c.send(new int[1], 1, MPI.INT, n + 5, 0);
            Out.check("err", "bad rank", -1, MPI.ERR_RANK);
        } catch (MPIException e) {
            Out.check("err", "bad rank", e.getErrorClass(), MPI.ERR_RANK);
        }
        try {
            c.recv(new int[1], 1, MPI.INT, 0, -5);
            Out.check("err", "bad tag", -1, MPI.ERR_TAG);
        } catch (MPIException e) {
            Out.check("err", "bad tag", e.getErrorClass(), MPI.ERR_TAG);
        }
        Intracomm inherited = c.split(0, me);
        Out.check("err", "inherited handler", inherited.getErrhandler() == MPI.ERRORS_RETURN, true);
        // refused by name: MPI-IO and dynamic processes
        try {
            new File(w, "data.bin", MPI.MODE_RDONLY);
            Out.check("err", "File refused", -1, MPI.ERR_UNSUPPORTED_OPERATION);
        } catch (MPIException e) {
            Out.check("err", "File refused", new Object[] {e.getErrorClass(), e.getMessage().contains("MPI-IO")},
                    new Object[] {MPI.ERR_UNSUPPORTED_OPERATION, true});
        }
        try {
            w.spawn("worker", null, 1, MPI.INFO_NULL, 0, null);
            Out.check("err", "spawn refused", -1, MPI.ERR_UNSUPPORTED_OPERATION);
        } catch (MPIException e) {
            Out.check("err", "spawn refused", e.getErrorClass(), MPI.ERR_UNSUPPORTED_OPERATION);
        }
        w.barrier();
        Out.line("err", "done", true);
    }

    /** MPI-3: nonblocking collectives against their blocking results, neighbourhood collectives, matched probe, splitType. */
    static void mpi3() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int me = w.getRank();
        int n = w.getSize();
        int left = (me + n - 1) % n;
        int right = (me + 1) % n;
        // several nonblocking collectives outstanding at once, with a point-to-point receive
        IntBuffer sum = MPI.newIntBuffer(1);
        IntBuffer mine = MPI.newIntBuffer(1);
        mine.put(0, me + 1);
        IntBuffer bc = MPI.newIntBuffer(2);
        if (me == 0) {
            bc.put(0, 41).put(1, 42);
        }
        IntBuffer all = MPI.newIntBuffer(n);
        IntBuffer a2aIn = MPI.newIntBuffer(n);
        IntBuffer a2aOut = MPI.newIntBuffer(n);
        for (int i = 0; i < n; i++) {
            a2aIn.put(i, me * 100 + i);
        }
        IntBuffer fromLeft = MPI.newIntBuffer(1);
        IntBuffer toRight = MPI.newIntBuffer(1);
        toRight.put(0, me);
        Request[] rs = {
            w.iAllReduce(mine, sum, 1, MPI.INT, MPI.SUM), w.iBcast(bc, 2, MPI.INT, 0),
            w.iAllGather(mine, 1, MPI.INT, all, 1, MPI.INT), w.iAllToAll(a2aIn, 1, MPI.INT, a2aOut, 1, MPI.INT),
            w.iRecv(fromLeft, 1, MPI.INT, left, 50), w.iSend(toRight, 1, MPI.INT, right, 50), w.iBarrier()};
        Request.waitAll(rs);
        int[] allExpect = new int[n];
        int[] a2aExpect = new int[n];
        int[] a2aGot = new int[n];
        int[] allGot = new int[n];
        for (int i = 0; i < n; i++) {
            allExpect[i] = i + 1;
            a2aExpect[i] = i * 100 + me;
            a2aGot[i] = a2aOut.get(i);
            allGot[i] = all.get(i);
        }
        Out.check("mpi3", "iAllReduce", sum.get(0), n * (n + 1) / 2);
        Out.check("mpi3", "iBcast", new int[] {bc.get(0), bc.get(1)}, new int[] {41, 42});
        Out.check("mpi3", "iAllGather", allGot, allExpect);
        Out.check("mpi3", "iAllToAll", a2aGot, a2aExpect);
        Out.check("mpi3", "iRecv beside them", fromLeft.get(0), left);
        // rooted and prefix forms, checked against the sequential model
        IntBuffer red = MPI.newIntBuffer(1);
        w.iReduce(mine, red, 1, MPI.INT, MPI.MAX, n - 1).waitFor();
        if (me == n - 1) {
            Out.check("mpi3", "iReduce", red.get(0), n);
        }
        IntBuffer sc = MPI.newIntBuffer(1);
        w.iScan(mine, sc, 1, MPI.INT, MPI.SUM).waitFor();
        Out.check("mpi3", "iScan", sc.get(0), (me + 1) * (me + 2) / 2);
        IntBuffer ex = MPI.newIntBuffer(1);
        ex.put(0, -7);
        w.iExScan(mine, ex, 1, MPI.INT, MPI.SUM).waitFor();
        if (me > 0) {
            Out.check("mpi3", "iExScan", ex.get(0), me * (me + 1) / 2);
        }
        int[] exb = {-7};
        w.exScan(new int[] {me + 1}, exb, 1, MPI.INT, MPI.SUM);
        if (me > 0) {
            Out.check("mpi3", "exScan", exb[0], me * (me + 1) / 2);
        }
        int[] rsb = new int[2];
        int[] rsbIn = new int[2 * n];
        Arrays.fill(rsbIn, me);
        w.reduceScatterBlock(rsbIn, rsb, 2, MPI.INT, MPI.SUM);
        Out.check("mpi3", "reduceScatterBlock", rsb, new int[] {n * (n - 1) / 2, n * (n - 1) / 2});
        IntBuffer gat = MPI.newIntBuffer(n);
        w.iGather(mine, 1, MPI.INT, gat, 1, MPI.INT, 0).waitFor();
        if (me == 0) {
            int[] g = new int[n];
            for (int i = 0; i < n; i++) {
                g[i] = gat.get(i);
            }
            Out.check("mpi3", "iGather", g, allExpect);
        }
        IntBuffer scat = MPI.newIntBuffer(1);
        w.iScatter(a2aIn, 1, MPI.INT, scat, 1, MPI.INT, 0).waitFor();
        Out.check("mpi3", "iScatter", scat.get(0), me);
        // neighbourhood collectives on a periodic ring, Cartesian and distributed graph
        CartComm ring = w.createCart(new int[] {n}, new boolean[] {true}, false);
        int[] nb = new int[2];
        ring.neighborAllGather(new int[] {me}, 1, MPI.INT, nb, 1, MPI.INT);
        Out.check("mpi3", "neighborAllGather cart", nb, new int[] {left, right});
        int[] na = new int[2];
        ring.neighborAllToAll(new int[] {me * 10, me * 10 + 1}, 1, MPI.INT, na, 1, MPI.INT);
        Out.check("mpi3", "neighborAllToAll cart", na, new int[] {left * 10 + 1, right * 10});
        IntBuffer inb = MPI.newIntBuffer(2);
        ring.iNeighborAllGather(mine, 1, MPI.INT, inb, 1, MPI.INT).waitFor();
        Out.check("mpi3", "iNeighborAllGather cart", new int[] {inb.get(0), inb.get(1)},
                new int[] {left + 1, right + 1});
        GraphComm dg = w.createDistGraphAdjacent(new int[] {left}, new int[] {right}, MPI.INFO_NULL, false);
        DistGraphNeighbors dn = dg.getDistGraphNeighbors();
        Out.check("mpi3", "dist graph", new int[] {dn.getInDegree(), dn.getOutDegree(), dn.getSource(0),
            dn.getDestination(0), dg.getTopology()}, new int[] {1, 1, left, right, MPI.DIST_GRAPH});
        int[] dgot = new int[1];
        dg.neighborAllGather(new int[] {me * 3}, 1, MPI.INT, dgot, 1, MPI.INT);
        Out.check("mpi3", "neighborAllGather dist graph", dgot[0], left * 3);
        // splitType: every process here shares memory
        Intracomm shared = w.splitType(Comm.TYPE_SHARED, me, MPI.INFO_NULL);
        Out.check("mpi3", "splitType shared", shared.getSize(), n);
        // matched probe: the message is received once, by the matching Message
        Intracomm m = w.dup();
        m.setErrhandler(MPI.ERRORS_RETURN);
        m.send(new int[] {me + 500}, 1, MPI.INT, right, 60);
        Message msg = new Message();
        Out.check("mpi3", "message null", msg.isNull(), true);
        Status ps = msg.mProbe(left, 60, m);
        int[] mv = new int[1];
        Status rsv = msg.mRecv(mv, 1, MPI.INT);
        Out.check("mpi3", "mProbe mRecv", new int[] {ps.getSource(), ps.getCount(MPI.INT), mv[0], rsv.getTag()},
                new int[] {left, 1, left + 500, 60});
        try {
            msg.mRecv(mv, 1, MPI.INT);
            Out.check("mpi3", "received once", -1, MPI.ERR_REQUEST);
        } catch (MPIException e) {
            Out.check("mpi3", "received once", e.getErrorClass(), MPI.ERR_REQUEST);
        }
        m.barrier();
        Out.check("mpi3", "imProbe nothing", new Message().imProbe(left, 61, m), null);
        m.send(new int[] {me + 600}, 1, MPI.INT, right, 62);
        Message im = new Message();
        Status is;
        do {
            is = im.imProbe(left, 62, m);
        } while (is == null);
        IntBuffer imb = MPI.newIntBuffer(1);
        im.imRecv(imb, 1, MPI.INT).waitFor();
        Out.check("mpi3", "imProbe imRecv", imb.get(0), left + 600);
        Message none = new Message();
        none.mProbe(MPI.PROC_NULL, 0, m);
        Out.check("mpi3", "no proc", none.isNoProc(), true);
        w.barrier();
        // iDup: the new communicator is usable once its request completed; others have none
        Out.check("mpi3", "world has no request", w.getRequest() == null, true);
        Intracomm copy = w.iDup();
        Request dupped = copy.getRequest();
        dupped.waitFor();
        int[] total = new int[1];
        copy.allReduce(new int[] {me}, total, 1, MPI.INT, MPI.SUM);
        Out.check("mpi3", "iDup allReduce", total[0], n * (n - 1) / 2);
        Out.check("mpi3", "iDup congruent", Comm.compare(w, copy) == MPI.CONGRUENT, true);
        CartComm ringCopy = ring.iDup();
        ringCopy.getRequest().waitFor();
        Out.check("mpi3", "iDup keeps the topology", ringCopy.shift(0, 1).getRankDest(), right);
        ringCopy.free();
        copy.free();
        Out.line("mpi3", "done", true);
    }
}
