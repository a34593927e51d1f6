package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

import java.nio.ByteBuffer;
import java.nio.FloatBuffer;

public final class FloatComplex {
    private FloatComplex() {
    }
    public static FloatComplex get(FloatBuffer buffer) {
        throw new UnsupportedOperationException();
    }
    public static FloatComplex get(FloatBuffer buffer, int index) {
        throw new UnsupportedOperationException();
    }
    public static FloatComplex get(float[] array) {
        throw new UnsupportedOperationException();
    }
    public static FloatComplex get(float[] array, int index) {
        throw new UnsupportedOperationException();
    }
    public static FloatComplex get(ByteBuffer buffer) {
        throw new UnsupportedOperationException();
    }
    public static FloatComplex get(ByteBuffer buffer, int index) {
        throw new UnsupportedOperationException();
    }
    public float getReal() {
        throw new UnsupportedOperationException();
    }
    public float getImag() {
        throw new UnsupportedOperationException();
    }
    public void putReal(float real) {
        throw new UnsupportedOperationException();
    }
    public void putImag(float imag) {
        throw new UnsupportedOperationException();
    }
    public FloatBuffer getBuffer() {
        throw new UnsupportedOperationException();
    }
}
