package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;

public final class DoubleComplex {
    private DoubleComplex() {
    }
    public static DoubleComplex get(DoubleBuffer buffer) {
        throw new UnsupportedOperationException();
    }
    public static DoubleComplex get(DoubleBuffer buffer, int index) {
        throw new UnsupportedOperationException();
    }
    public static DoubleComplex get(double[] array) {
        throw new UnsupportedOperationException();
    }
    public static DoubleComplex get(double[] array, int index) {
        throw new UnsupportedOperationException();
    }
    public static DoubleComplex get(ByteBuffer buffer) {
        throw new UnsupportedOperationException();
    }
    public static DoubleComplex get(ByteBuffer buffer, int index) {
        throw new UnsupportedOperationException();
    }
    public double getReal() {
        throw new UnsupportedOperationException();
    }
    public double getImag() {
        throw new UnsupportedOperationException();
    }
    public void putReal(double real) {
        throw new UnsupportedOperationException();
    }
    public void putImag(double imag) {
        throw new UnsupportedOperationException();
    }
    public DoubleBuffer getBuffer() {
        throw new UnsupportedOperationException();
    }
}
