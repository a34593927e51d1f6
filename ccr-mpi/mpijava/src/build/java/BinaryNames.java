import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The build step of ccr-mpi-mpijava that gives members of package {@code mpi} the class-file
 * names {@code @BinaryName} asks for (see io.ccrj.mpi.mpijava.internal.BinaryName): run by the
 * exec plugin at {@code process-classes} as a single-file program with ASM on the class path,
 * {@code java BinaryNames.java target/classes}.
 *
 * <p>Pass 1 finds every field and method carrying the annotation; pass 2 rewrites each class of
 * the folder: the annotated member gets its new name and the flags public and synthetic (javac
 * does not resolve synthetic members, the JVM links them), the annotation is dropped, and every
 * field or method instruction naming the old (owner, name, descriptor) names the new one. The
 * step fails the build if the annotated member is not package-private, or if the new name and
 * descriptor are taken in its class. An instruction naming the member through a subclass (javac
 * names the receiver's static type) is found by walking up the superclasses, as the JVM resolves
 * it. Running it again finds nothing to do (the annotations are gone), so incremental builds are
 * safe.
 */
public final class BinaryNames {
    private static final String ANNOTATION = "Lio/ccrj/mpi/mpijava/internal/BinaryName;";

    /** A member to rename: its class, old name, descriptor, new name. */
    record Rename(String owner, String name, String descriptor, String newName) {
        String key() {
            return owner + "." + name + descriptor;
        }
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: java BinaryNames.java CLASSES_FOLDER");
        }
        Path root = Path.of(args[0]);
        List<Path> classes;
        try (Stream<Path> s = Files.walk(root)) {
            classes = s.filter(p -> p.toString().endsWith(".class")).sorted().toList();
        }
        Map<String, Rename> renames = new HashMap<>();
        Map<String, Set<String>> members = new HashMap<>();
        Map<String, String> supers = new HashMap<>();
        for (Path c : classes) {
            collect(Files.readAllBytes(c), renames, members, supers);
        }
        for (Rename r : renames.values()) {
            String taken = r.newName() + r.descriptor();
            if (members.getOrDefault(r.owner(), Set.of()).contains(taken)) {
                throw new IllegalStateException("@BinaryName: " + r.owner() + " already has " + taken);
            }
        }
        if (renames.isEmpty()) {
            return;
        }
        for (Path c : classes) {
            byte[] in = Files.readAllBytes(c);
            byte[] out = rewrite(in, renames, members, supers);
            if (out != null) {
                Files.write(c, out);
            }
        }
        List<String> done = new ArrayList<>();
        for (Rename r : renames.values()) {
            done.add(r.owner() + "." + r.name() + " -> " + r.newName() + " " + r.descriptor());
        }
        done.sort(null);
        System.out.println("[BinaryNames] " + String.join(", ", done));
    }

    private static void collect(byte[] bytes, Map<String, Rename> renames, Map<String, Set<String>> members,
            Map<String, String> supers) {
        new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
            private String owner;

            @Override
            public void visit(int version, int access, String name, String signature, String superName,
                    String[] interfaces) {
                owner = name;
                supers.put(name, superName);
            }

            @Override
            public FieldVisitor visitField(int access, String name, String descriptor, String signature,
                    Object value) {
                members.computeIfAbsent(owner, k -> new HashSet<>()).add(name + descriptor);
                return new FieldVisitor(Opcodes.ASM9) {
                    @Override
                    public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                        return desc.equals(ANNOTATION) ? found(access, name, descriptor) : null;
                    }
                };
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                members.computeIfAbsent(owner, k -> new HashSet<>()).add(name + descriptor);
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                        return desc.equals(ANNOTATION) ? found(access, name, descriptor) : null;
                    }
                };
            }

            private AnnotationVisitor found(int access, String name, String descriptor) {
                if ((access & (Opcodes.ACC_PUBLIC | Opcodes.ACC_PROTECTED | Opcodes.ACC_PRIVATE)) != 0) {
                    throw new IllegalStateException("@BinaryName on " + owner + "." + name
                            + ": the annotated member must be package-private (javadoc shows only the source name)");
                }
                return new AnnotationVisitor(Opcodes.ASM9) {
                    @Override
                    public void visit(String key, Object v) {
                        Rename r = new Rename(owner, name, descriptor, (String) v);
                        renames.put(r.key(), r);
                    }
                };
            }
        }, 0);
    }

    /**
     * The rename of the member an instruction names as {@code owner.name desc}: javac names the
     * static type of the receiver, so a call of an inherited member names a subclass; the member
     * is looked up as the JVM resolves it, up the superclasses of this folder's classes, stopping
     * at the first class that declares it.
     */
    private static Rename resolve(String owner, String name, String desc, Map<String, Rename> renames,
            Map<String, Set<String>> members, Map<String, String> supers) {
        for (String c = owner; c != null; c = supers.get(c)) {
            Rename r = renames.get(c + "." + name + desc);
            if (r != null) {
                return r;
            }
            if (members.getOrDefault(c, Set.of()).contains(name + desc)) {
                return null;
            }
        }
        return null;
    }

    /** The rewritten class, or {@code null} if nothing in it changes. */
    private static byte[] rewrite(byte[] bytes, Map<String, Rename> renames, Map<String, Set<String>> members,
            Map<String, String> supers) {
        boolean[] changed = {false};
        ClassReader reader = new ClassReader(bytes);
        // a fresh constant pool: the old name and the annotation's descriptor do not stay behind
        ClassWriter writer = new ClassWriter(0);
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            private String owner;

            @Override
            public void visit(int version, int access, String name, String signature, String superName,
                    String[] interfaces) {
                owner = name;
                super.visit(version, access, name, signature, superName, interfaces);
            }

            @Override
            public FieldVisitor visitField(int access, String name, String descriptor, String signature,
                    Object value) {
                Rename r = renames.get(owner + "." + name + descriptor);
                if (r == null) {
                    return super.visitField(access, name, descriptor, signature, value);
                }
                changed[0] = true;
                return new FieldVisitor(Opcodes.ASM9, super.visitField(access | Opcodes.ACC_PUBLIC
                        | Opcodes.ACC_SYNTHETIC, r.newName(), descriptor, signature, value)) {
                    @Override
                    public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                        return desc.equals(ANNOTATION) ? null : super.visitAnnotation(desc, visible);
                    }
                };
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                    String[] exceptions) {
                Rename r = renames.get(owner + "." + name + descriptor);
                MethodVisitor mv;
                if (r == null) {
                    mv = super.visitMethod(access, name, descriptor, signature, exceptions);
                } else {
                    changed[0] = true;
                    mv = super.visitMethod(access | Opcodes.ACC_PUBLIC | Opcodes.ACC_SYNTHETIC, r.newName(),
                            descriptor, signature, exceptions);
                }
                return new MethodVisitor(Opcodes.ASM9, mv) {
                    @Override
                    public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                        return desc.equals(ANNOTATION) ? null : super.visitAnnotation(desc, visible);
                    }

                    @Override
                    public void visitFieldInsn(int opcode, String fowner, String fname, String fdesc) {
                        Rename f = resolve(fowner, fname, fdesc, renames, members, supers);
                        if (f != null) {
                            changed[0] = true;
                        }
                        super.visitFieldInsn(opcode, fowner, f == null ? fname : f.newName(), fdesc);
                    }

                    @Override
                    public void visitMethodInsn(int opcode, String mowner, String mname, String mdesc,
                            boolean isInterface) {
                        Rename m = resolve(mowner, mname, mdesc, renames, members, supers);
                        if (m != null) {
                            changed[0] = true;
                        }
                        super.visitMethodInsn(opcode, mowner, m == null ? mname : m.newName(), mdesc, isInterface);
                    }
                };
            }
        }, 0);
        return changed[0] ? writer.toByteArray() : null;
    }

    private BinaryNames() {
    }
}
