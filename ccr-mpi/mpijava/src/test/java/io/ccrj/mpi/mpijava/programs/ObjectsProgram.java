package io.ccrj.mpi.mpijava.programs;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import mpi.Datatype;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;
import mpi.User_function;

/**
 * {@code MPI.OBJECT} messages of the program's own classes in every family of operations: typed
 * arrays of a user class ({@code Complex[]}), nested objects ({@code Particle} holding a
 * {@code Complex}, an array and a list), {@code Object[]} of mixed user and JDK classes, and
 * user operations over user objects. Each rank's classes are its own (its own class loader under
 * either launcher), so every object a rank receives must be of its own classes: stored in its
 * typed arrays, cast by its operations.
 */
public class ObjectsProgram {
    private static final String P = "objects";

    /** A complex number: a user class whose arrays are typed ({@code Complex[]}). */
    public static final class Complex implements Serializable {
        private static final long serialVersionUID = 1L;
        final double re;
        final double im;

        Complex(double re, double im) {
            this.re = re;
            this.im = im;
        }

        Complex plus(Complex o) {
            return new Complex(re + o.re, im + o.im);
        }

        Complex times(Complex o) {
            return new Complex(re * o.re - im * o.im, re * o.im + im * o.re);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Complex c && c.re == re && c.im == im;
        }

        @Override
        public int hashCode() {
            return Double.hashCode(re) * 31 + Double.hashCode(im);
        }

        @Override
        public String toString() {
            return "(" + re + "," + im + ")";
        }
    }

    /** A nested, mutable user object: an id, a position array, a charge, tags and a partner. */
    public static final class Particle implements Serializable {
        private static final long serialVersionUID = 1L;
        int id;
        double[] pos;
        Complex charge;
        List<String> tags = new ArrayList<>();
        Particle partner;

        Particle(int id) {
            this.id = id;
            this.pos = new double[] {id, id * 0.5};
            this.charge = new Complex(id, -id);
            this.tags.add("p" + id);
        }

        @Override
        public String toString() {
            return "P" + id + Arrays.toString(pos) + charge + tags + (partner == null ? "" : "->P" + partner.id);
        }
    }

    /** A user class of a second kind, for mixed {@code Object[]} messages. */
    public static final class Label implements Serializable {
        private static final long serialVersionUID = 1L;
        final String text;

        Label(String text) {
            this.text = text;
        }

        @Override
        public String toString() {
            return "Label(" + text + ")";
        }
    }

    /**
     * Runs the program.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        MPI.Init(args);
        run();
        MPI.Finalize();
    }

    private static Complex[] complexes(int rank, int k) {
        Complex[] c = new Complex[k];
        for (int i = 0; i < k; i++) {
            c[i] = new Complex(rank, i);
        }
        return c;
    }

    static void run() {
        Intracomm w = MPI.COMM_WORLD;
        int me = w.Rank();
        int n = w.Size();
        int right = (me + 1) % n;
        int left = (me + n - 1) % n;

        // Typed arrays of a user class in every blocking send mode: rank 0 to every other rank.
        MPI.Buffer_attach(ByteBuffer.allocate(1 << 20));
        String[] modes = {"send", "ssend", "bsend", "rsend"};
        for (int m = 0; m < modes.length; m++) {
            if (me == 0) {
                w.Barrier();                               // every receive of rsend is posted
                for (int r = 1; r < n; r++) {
                    Complex[] out = complexes(r, 3);
                    switch (m) {
                        case 0 -> w.Send(out, 0, 3, MPI.OBJECT, r, 10 + m);
                        case 1 -> w.Ssend(out, 0, 3, MPI.OBJECT, r, 10 + m);
                        case 2 -> w.Bsend(out, 0, 3, MPI.OBJECT, r, 10 + m);
                        default -> w.Rsend(out, 0, 3, MPI.OBJECT, r, 10 + m);
                    }
                }
            } else {
                Complex[] in = new Complex[3];
                Request req = w.Irecv(in, 0, 3, MPI.OBJECT, 0, 10 + m);
                w.Barrier();
                Status s = req.Wait();
                Out.check(P, modes[m] + " typed array", in, complexes(me, 3));
                Out.check(P, modes[m] + " count", s.Get_count(MPI.OBJECT), 3);
            }
        }
        w.Barrier();
        MPI.Buffer_detach();

        // Non-blocking ring of nested objects, with an offset into both buffers.
        Particle[] mine = {null, new Particle(me), new Particle(100 + me)};
        mine[1].partner = mine[2];
        Particle[] got = new Particle[4];
        Request[] reqs = {
            w.Irecv(got, 1, 2, MPI.OBJECT, left, 20),
            w.Isend(mine, 1, 2, MPI.OBJECT, right, 20),
        };
        Request.Waitall(reqs);
        Out.check(P, "isend/irecv nested", String.valueOf(Arrays.asList(got)),
                "[null, P" + left + "[" + (double) left + ", " + left * 0.5 + "](" + (double) left + "," + (double) -left
                        + ")[p" + left + "]->P" + (100 + left) + ", P" + (100 + left) + "[" + (100.0 + left) + ", "
                        + (100 + left) * 0.5 + "](" + (100.0 + left) + "," + -(100.0 + left) + ")[p" + (100 + left)
                        + "], null]");
        // The partner reference inside the message stays one object with the second element.
        Out.check(P, "isend/irecv shared reference", got[1].partner == got[2], true);

        // A receive is a copy: changing what was received changes nothing at the sender, and an
        // object changed after its send returned is received as it was sent.
        Particle[] one = {new Particle(7)};
        Particle[] first = new Particle[1];
        Particle[] second = new Particle[1];
        Request a = w.Irecv(first, 0, 1, MPI.OBJECT, left, 21);
        Request b = w.Irecv(second, 0, 1, MPI.OBJECT, left, 22);
        w.Send(one, 0, 1, MPI.OBJECT, right, 21);
        one[0].id = 8;
        one[0].tags.add("changed");
        w.Send(one, 0, 1, MPI.OBJECT, right, 22);
        a.Wait();
        b.Wait();
        Out.check(P, "send copies at the send", first[0].id + " " + first[0].tags + " " + second[0].id + " "
                + second[0].tags, "7 [p7] 8 [p7, changed]");

        // Persistent requests started twice with new objects each time.
        Complex[] pout = new Complex[1];
        Complex[] pin = new Complex[1];
        Prequest precv = w.Recv_init(pin, 0, 1, MPI.OBJECT, left, 23);
        Prequest psend = w.Send_init(pout, 0, 1, MPI.OBJECT, right, 23);
        List<String> rounds = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            pout[0] = new Complex(me, round);
            precv.Start();
            psend.Start();
            precv.Wait();
            psend.Wait();
            rounds.add(String.valueOf(pin[0]));
        }
        Out.check(P, "persistent", rounds, List.of("(" + (double) left + ",0.0)", "(" + (double) left + ",1.0)"));

        // Probe, then a receive into Object[] of mixed user and JDK classes.
        if (me == 0) {
            for (int r = 1; r < n; r++) {
                Object[] mixed = {new Label("to " + r), new Complex(r, r), Integer.valueOf(r), "text", new int[] {r, 2},
                    null};
                w.Send(mixed, 0, mixed.length, MPI.OBJECT, r, 24);
            }
        } else {
            Status s = w.Probe(0, 24);
            Object[] mixed = new Object[s.Get_count(MPI.OBJECT)];
            w.Recv(mixed, 0, mixed.length, MPI.OBJECT, 0, 24);
            Out.check(P, "probe count", mixed.length, 6);
            Out.check(P, "mixed", Arrays.deepToString(mixed), "[Label(to " + me + "), (" + (double) me + ","
                    + (double) me + "), " + me + ", text, [" + me + ", 2], null]");
            Out.check(P, "mixed classes", mixed[0] instanceof Label && mixed[1] instanceof Complex, true);
        }

        // Sendrecv and Sendrecv_replace around the ring.
        Complex[] sr = new Complex[2];
        w.Sendrecv(complexes(me, 2), 0, 2, MPI.OBJECT, right, 25, sr, 0, 2, MPI.OBJECT, left, 25);
        Out.check(P, "sendrecv", sr, complexes(left, 2));
        Object[] rep = {new Particle(me), new Label("from " + me)};
        w.Sendrecv_replace(rep, 0, 2, MPI.OBJECT, right, 26, left, 26);
        Out.check(P, "sendrecv_replace", ((Particle) rep[0]).id + " " + rep[1], left + " Label(from " + left + ")");

        // Collectives.
        int root = n - 1;
        Complex[] bc = me == root ? complexes(9, 3) : new Complex[3];
        w.Bcast(bc, 0, 3, MPI.OBJECT, root);
        Out.check(P, "bcast", bc, complexes(9, 3));

        Complex[] gathered = new Complex[n];
        w.Gather(new Complex[] {new Complex(me, 1)}, 0, 1, MPI.OBJECT, gathered, 0, 1, MPI.OBJECT, root);
        if (me == root) {
            Complex[] expect = new Complex[n];
            for (int i = 0; i < n; i++) {
                expect[i] = new Complex(i, 1);
            }
            Out.check(P, "gather", gathered, expect);
        }
        Complex[] scattered = new Complex[1];
        w.Scatter(me == root ? complexes(5, n) : new Complex[n], 0, 1, MPI.OBJECT, scattered, 0, 1, MPI.OBJECT, root);
        Out.check(P, "scatter", scattered[0], new Complex(5, me));

        Complex[] all = new Complex[n];
        w.Allgather(new Complex[] {new Complex(me, 2)}, 0, 1, MPI.OBJECT, all, 0, 1, MPI.OBJECT);
        Complex[] expectAll = new Complex[n];
        for (int i = 0; i < n; i++) {
            expectAll[i] = new Complex(i, 2);
        }
        Out.check(P, "allgather", all, expectAll);

        Complex[] toAll = new Complex[n];
        for (int i = 0; i < n; i++) {
            toAll[i] = new Complex(me, i);
        }
        Complex[] fromAll = new Complex[n];
        w.Alltoall(toAll, 0, 1, MPI.OBJECT, fromAll, 0, 1, MPI.OBJECT);
        Complex[] expectFrom = new Complex[n];
        for (int i = 0; i < n; i++) {
            expectFrom[i] = new Complex(i, me);
        }
        Out.check(P, "alltoall", fromAll, expectFrom);

        // v-collectives: rank i contributes i + 1 objects.
        int[] counts = new int[n];
        int[] displs = new int[n];
        int total = 0;
        for (int i = 0; i < n; i++) {
            counts[i] = i + 1;
            displs[i] = total;
            total += i + 1;
        }
        Complex[] expectV = new Complex[total];
        for (int i = 0; i < n; i++) {
            System.arraycopy(complexes(i, i + 1), 0, expectV, displs[i], i + 1);
        }
        Complex[] gv = new Complex[total];
        w.Gatherv(complexes(me, me + 1), 0, me + 1, MPI.OBJECT, gv, 0, counts, displs, MPI.OBJECT, root);
        if (me == root) {
            Out.check(P, "gatherv", gv, expectV);
        }
        Complex[] sv = new Complex[me + 1];
        w.Scatterv(me == root ? expectV : new Complex[total], 0, counts, displs, MPI.OBJECT, sv, 0, me + 1, MPI.OBJECT, root);
        Out.check(P, "scatterv", sv, complexes(me, me + 1));
        Complex[] agv = new Complex[total];
        w.Allgatherv(complexes(me, me + 1), 0, me + 1, MPI.OBJECT, agv, 0, counts, displs, MPI.OBJECT);
        Out.check(P, "allgatherv", agv, expectV);
        int[] ones = new int[n];
        int[] seq = new int[n];
        for (int i = 0; i < n; i++) {
            ones[i] = 1;
            seq[i] = i;
        }
        Complex[] a2av = new Complex[n];
        w.Alltoallv(toAll, 0, ones, seq, MPI.OBJECT, a2av, 0, ones, seq, MPI.OBJECT);
        Out.check(P, "alltoallv", a2av, expectFrom);

        // Reductions with user operations over user objects: each rank's operation casts to its
        // own Complex.
        Op complexSum = new Op(new User_function() {
            @Override
            public void Call(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type)
                    throws MPIException {
                Object[] x = (Object[]) in;
                Object[] y = (Object[]) inout;
                for (int i = 0; i < count; i++) {
                    y[inoutOffset + i] = ((Complex) x[inOffset + i]).plus((Complex) y[inoutOffset + i]);
                }
            }
        }, true);
        Op complexProduct = new Op(new User_function() {
            @Override
            public void Call(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type)
                    throws MPIException {
                Complex[] x = toComplex((Object[]) in);
                Object[] y = (Object[]) inout;
                for (int i = 0; i < count; i++) {
                    y[inoutOffset + i] = x[inOffset + i].times((Complex) y[inoutOffset + i]);
                }
            }
        }, true);
        Complex[] operand = {new Complex(me, 1), new Complex(1, me)};
        Complex sum0 = new Complex(0, 0);
        Complex sum1 = new Complex(0, 0);
        Complex prod = new Complex(1, 0);
        for (int i = 0; i < n; i++) {
            sum0 = sum0.plus(new Complex(i, 1));
            sum1 = sum1.plus(new Complex(1, i));
            prod = prod.times(new Complex(i, 1));
        }
        Complex[] reduced = new Complex[2];
        w.Reduce(operand, 0, reduced, 0, 2, MPI.OBJECT, complexSum, 0);
        if (me == 0) {
            Out.check(P, "reduce user op", reduced, new Complex[] {sum0, sum1});
        }
        Complex[] allReduced = new Complex[1];
        w.Allreduce(operand, 0, allReduced, 0, 1, MPI.OBJECT, complexProduct);
        Out.check(P, "allreduce user op", allReduced[0], prod);
        Complex[] scanned = new Complex[1];
        w.Scan(operand, 0, scanned, 0, 1, MPI.OBJECT, complexSum);
        Complex prefix = new Complex(0, 0);
        for (int i = 0; i <= me; i++) {
            prefix = prefix.plus(new Complex(i, 1));
        }
        Out.check(P, "scan user op", scanned[0], prefix);

        // Derived datatypes over OBJECT: every other element, and blocks of three.
        Datatype everyOther = Datatype.Vector(2, 1, 2, MPI.OBJECT);
        everyOther.Commit();
        Complex[] spaced = new Complex[4];
        w.Sendrecv(complexes(me, 4), 0, 1, everyOther, right, 27, spaced, 0, 1, everyOther, left, 27);
        Out.check(P, "vector of objects", spaced, new Complex[] {new Complex(left, 0), null, new Complex(left, 2), null});
        Datatype triple = Datatype.Contiguous(3, MPI.OBJECT);
        triple.Commit();
        Complex[] triples = new Complex[6];
        w.Sendrecv(complexes(me, 6), 0, 2, triple, right, 28, triples, 0, 2, triple, left, 28);
        Out.check(P, "contiguous of objects", triples, complexes(left, 6));

        // Intercommunicator between the two parities: the leaders swap particles.
        if (n >= 2) {
            Intracomm parity = w.Split(me % 2, -me);
            Intercomm inter = w.Create_intercomm(parity, parity.Size() - 1, me % 2 == 0 ? 1 : 0, 29);
            if (me < 2) {
                Particle[] swapped = new Particle[1];
                inter.Sendrecv(new Particle[] {new Particle(50 + me)}, 0, 1, MPI.OBJECT, inter.Remote_size() - 1, 30,
                        swapped, 0, 1, MPI.OBJECT, inter.Remote_size() - 1, 30);
                Out.check(P, "intercomm", swapped[0].id, 50 + 1 - me);
            }
        }
        w.Barrier();
        Out.line(P, "done", true);
    }

    /** The elements as this rank's {@code Complex[]}: fails if any is of another rank's class. */
    private static Complex[] toComplex(Object[] in) {
        Complex[] c = new Complex[in.length];
        System.arraycopy(in, 0, c, 0, in.length);
        return c;
    }
}
