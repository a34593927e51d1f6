package io.ccrj.mpi.mpijava;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The build step {@code src/build/java/BinaryNames.java} (see
 * {@link io.ccrj.mpi.mpijava.internal.BinaryName}) ran on the compiled package {@code mpi}:
 * {@code MPI} has both descriptors of {@code COMM_SELF}, mpiJava's {@code Comm} as declared in
 * the source and Open MPI's {@code Intracomm} as a public synthetic member (invisible to javac,
 * linked by the JVM); the communicators have mpiJava's {@code Object clone()} and Open MPI's
 * covariant ones; the source name of a renamed member is gone, and no class still carries the
 * annotation.
 */
class BinaryNamesTest {

    @Test
    void mpiHasBothDescriptorsOfCommSelf() {
        List<Field> self = Arrays.stream(mpi.MPI.class.getDeclaredFields())
                .filter(f -> f.getName().equals("COMM_SELF")).toList();
        assertThat(self).extracting(f -> f.getType().getName()).containsExactlyInAnyOrder("mpi.Comm", "mpi.Intracomm");
        for (Field f : self) {
            assertThat(Modifier.isPublic(f.getModifiers()) && Modifier.isStatic(f.getModifiers())).isTrue();
            assertThat(f.isSynthetic()).as(f.getType().getName()).isEqualTo(f.getType() == mpi.Intracomm.class);
        }
        assertThat(Arrays.stream(mpi.MPI.class.getDeclaredFields()).map(Field::getName))
                .doesNotContain("commSelfIntracomm");
    }

    @Test
    void communicatorsHaveMpiJavasCloneAndOpenMpisCovariantOnes() {
        for (Class<?> c : List.<Class<?>>of(mpi.Comm.class, mpi.Intracomm.class, mpi.Intercomm.class)) {
            java.lang.reflect.Method open = Arrays.stream(c.getDeclaredMethods())
                    .filter(m -> m.getName().equals("clone") && m.getReturnType() == c).findFirst().orElseThrow();
            assertThat(open.isSynthetic() && Modifier.isPublic(open.getModifiers())).as(c.getName()).isTrue();
        }
        java.lang.reflect.Method mpiJava = Arrays.stream(mpi.Comm.class.getDeclaredMethods())
                .filter(m -> m.getName().equals("clone") && m.getReturnType() == Object.class).findFirst().orElseThrow();
        assertThat(mpiJava.getReturnType()).as("the source's clone(), which javac sees").isEqualTo(Object.class);
        assertThat(mpiJava.isSynthetic()).isFalse();
    }

    @Test
    void noCompiledClassStillCarriesTheAnnotation() throws IOException {
        Path classes = Path.of("target/classes/mpi");
        try (Stream<Path> s = Files.list(classes)) {
            for (Path c : s.filter(p -> p.toString().endsWith(".class")).toList()) {
                String bytes = new String(Files.readAllBytes(c), StandardCharsets.ISO_8859_1);
                assertThat(bytes).as(c.toString()).doesNotContain("Lio/ccrj/mpi/mpijava/internal/BinaryName;");
            }
        }
    }
}
