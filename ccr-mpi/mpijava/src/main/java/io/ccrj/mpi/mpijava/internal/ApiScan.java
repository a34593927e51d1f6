package io.ccrj.mpi.mpijava.internal;

import io.ccrj.mpi.internal.Internal;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * What a program's class files use of package {@code mpi} that this package does not have: read
 * before any rank starts ({@code bin/ccrj mpirun} prints one line per member), so that a program
 * compiled against Open MPI's jar or MPJ Express's that calls something missing here is told the
 * member, the API it belongs to and what exists instead, rather than dying later with a bare
 * {@code NoSuchMethodError}.
 *
 * <p>The scan reads each class file's constant pool (JVMS 4.4): the method and field references
 * whose class is {@code mpi.X}, and the classes {@code mpi.X} named; each is looked up by name
 * and descriptor in this package's classes, as the JVM links them (superclasses and interfaces
 * included). The class files are only read, never loaded. Stateless.
 */
@Internal
public final class ApiScan {
    private ApiScan() {
    }

    /**
     * A reference of the program to package {@code mpi} that does not link here.
     *
     * @param user the program's class that makes it
     * @param owner the class of package {@code mpi} it names, such as {@code mpi.Intracomm}
     * @param name the member's name; {@code null} when the class itself is missing
     * @param descriptor the member's JVM descriptor; {@code null} when the class is missing
     */
    public record Missing(String user, String owner, String name, String descriptor) {
        /**
         * The reference as one line: the member, the API it belongs to, what exists instead.
         *
         * @param mpi the loader holding ccrj's package {@code mpi}
         * @return the line
         */
        public String line(ClassLoader mpi) {
            String simple = owner.substring(owner.indexOf('.') + 1);
            if (name == null) {
                return user + " uses class " + owner + " (" + api(simple) + "), which ccrj's mpi does not have";
            }
            String what = descriptor.startsWith("(") ? owner + "." + name + readable(descriptor) : owner + "." + name;
            return user + " calls " + what + " (" + api(name) + "), which ccrj's mpi does not have; "
                    + instead(mpi, owner, name);
        }
    }

    /**
     * Whether the program on {@code classPath} speaks Open MPI's Java API rather than mpiJava 1.2:
     * its class files name more methods of package {@code mpi} in Open MPI's spelling
     * ({@code getRank}, {@code allReduce}) than in mpiJava's ({@code Rank}, {@code Allreduce}).
     * The launcher then names calls in reports as the program wrote them.
     *
     * @param classPath the program's class path
     * @return {@code true} for an Open MPI-style program
     */
    public static boolean openMpiStyle(List<Path> classPath) {
        int[] votes = new int[2];
        forEachClass(classPath, bytes -> {
            ConstantPool cp = ConstantPool.read(bytes);
            if (cp == null || cp.thisClass.startsWith("mpi/")) {
                return;
            }
            for (String[] ref : cp.members) {
                String name = ref[1];
                if (isMpi(ref[0]) && ref[2].startsWith("(") && !name.startsWith("<") && !BOTH.contains(name)) {
                    votes[Character.isUpperCase(name.charAt(0)) || name.contains("_") ? 0 : 1]++;
                }
            }
        });
        return votes[1] > votes[0];
    }

    /** Method names both APIs spell alike, which say nothing about the program's API. */
    private static final Set<String> BOTH = Set.of("free", "clone", "isNull", "toString", "equals", "hashCode");

    private interface ClassFileVisitor {
        void visit(byte[] bytes) throws IOException;
    }

    /** Every class file on {@code classPath} outside package {@code mpi}; unreadable ones are skipped. */
    private static void forEachClass(List<Path> classPath, ClassFileVisitor visitor) {
        for (Path entry : classPath) {
            try {
                if (Files.isDirectory(entry)) {
                    try (Stream<Path> s = Files.walk(entry)) {
                        for (Path p : s.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                            visitor.visit(Files.readAllBytes(p));
                        }
                    }
                } else if (Files.isRegularFile(entry) && entry.toString().endsWith(".jar")) {
                    try (JarFile jar = new JarFile(entry.toFile())) {
                        Enumeration<JarEntry> es = jar.entries();
                        while (es.hasMoreElements()) {
                            JarEntry e = es.nextElement();
                            if (e.getName().endsWith(".class") && !e.getName().startsWith("mpi/")
                                    && !e.getName().startsWith("META-INF/")) {
                                try (InputStream in = jar.getInputStream(e)) {
                                    visitor.visit(in.readAllBytes());
                                }
                            }
                        }
                    }
                }
            } catch (IOException | RuntimeException e) {
                // a class file this scan cannot read is the JVM's to judge when it loads it
            }
        }
    }

    /**
     * The references of the class files on {@code classPath} (folders and jars) to package
     * {@code mpi} that {@code mpi} (loaded by {@code mpi}) lacks, in class-file order, each once.
     *
     * @param classPath the program's class path
     * @param mpi the loader holding ccrj's package {@code mpi}
     * @return the missing references; empty if everything links
     */
    public static List<Missing> scan(List<Path> classPath, ClassLoader mpi) {
        Set<Missing> out = new LinkedHashSet<>();
        forEachClass(classPath, bytes -> check(bytes, mpi, out));
        return new ArrayList<>(out);
    }

    private static void check(byte[] bytes, ClassLoader mpi, Set<Missing> out) throws IOException {
        ConstantPool cp = ConstantPool.read(bytes);
        if (cp == null || cp.thisClass.startsWith("mpi/")) {
            return;
        }
        String user = cp.thisClass.replace('/', '.');
        for (String c : cp.classes) {
            if (isMpi(c) && load(mpi, c) == null) {
                out.add(new Missing(user, c.replace('/', '.'), null, null));
            }
        }
        for (String[] ref : cp.members) {
            String owner = ref[0];
            if (!isMpi(owner)) {
                continue;
            }
            Class<?> c = load(mpi, owner);
            if (c == null) {
                out.add(new Missing(user, owner.replace('/', '.'), null, null));
            } else if (!links(c, ref[1], ref[2])) {
                out.add(new Missing(user, owner.replace('/', '.'), ref[1], ref[2]));
            }
        }
    }

    private static boolean isMpi(String internalName) {
        return internalName.startsWith("mpi/") && internalName.indexOf('/', 4) < 0;
    }

    private static Class<?> load(ClassLoader mpi, String internalName) {
        try {
            return Class.forName(internalName.replace('/', '.'), false, mpi);
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    /** Whether the JVM would resolve {@code name descriptor} in {@code c} (JVMS 5.4.3.2, 5.4.3.3). */
    static boolean links(Class<?> c, String name, String descriptor) {
        Set<Class<?>> seen = new java.util.HashSet<>();
        List<Class<?>> todo = new ArrayList<>(List.of(c));
        while (!todo.isEmpty()) {
            Class<?> k = todo.remove(0);
            if (k == null || !seen.add(k)) {
                continue;
            }
            if (descriptor.startsWith("(")) {
                if (name.equals("<init>")) {
                    for (var ctor : k.getDeclaredConstructors()) {
                        if (descriptor.equals(descriptor(ctor.getParameterTypes(), void.class))) {
                            return true;
                        }
                    }
                    return false;
                }
                for (Method m : k.getDeclaredMethods()) {
                    if (m.getName().equals(name) && descriptor.equals(descriptor(m.getParameterTypes(), m.getReturnType()))) {
                        return true;
                    }
                }
            } else {
                for (Field f : k.getDeclaredFields()) {
                    if (f.getName().equals(name) && descriptor.equals(f.getType().descriptorString())) {
                        return true;
                    }
                }
            }
            todo.add(k.getSuperclass());
            todo.addAll(List.of(k.getInterfaces()));
        }
        return false;
    }

    private static String descriptor(Class<?>[] params, Class<?> ret) {
        StringBuilder b = new StringBuilder("(");
        for (Class<?> p : params) {
            b.append(p.descriptorString());
        }
        return b.append(')').append(ret.descriptorString()).toString();
    }

    /** mpiJava 1.2 capitalises its methods ({@code Send}, {@code Get_count}); Open MPI's start lower-case. */
    static String api(String name) {
        if (name.equals("<init>")) {
            return "a constructor";
        }
        boolean mpiJava = Character.isUpperCase(name.charAt(0)) || name.contains("_");
        return mpiJava ? "mpiJava 1.2 / MPJ Express" : "Open MPI's Java bindings";
    }

    /** What this package has instead: other forms of the name, the same name in the other API's spelling, the blocking form. */
    static String instead(ClassLoader mpi, String owner, String name) {
        Class<?> c = load(mpi, owner.replace('.', '/'));
        Set<String> same = new TreeSet<>();
        Set<String> alike = new TreeSet<>();
        Set<String> blocking = new TreeSet<>();
        String blockingName = name.length() > 1 && name.charAt(0) == 'i' && Character.isUpperCase(name.charAt(1))
                ? Character.toLowerCase(name.charAt(1)) + name.substring(2) : null;
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            for (Method m : k.getDeclaredMethods()) {
                if (!Modifier.isPublic(m.getModifiers()) || m.isSynthetic()) {
                    continue;
                }
                String sig = m.getName() + readable(descriptor(m.getParameterTypes(), m.getReturnType()));
                if (m.getName().equals(name)) {
                    same.add(sig);
                } else if (m.getName().replace("_", "").equalsIgnoreCase(name.replace("_", ""))
                        || m.getName().equalsIgnoreCase("get" + name) || name.equalsIgnoreCase("get" + m.getName())) {
                    alike.add(sig);
                } else if (blockingName != null && m.getName().equals(blockingName)) {
                    blocking.add(sig);
                }
            }
        }
        if (!same.isEmpty()) {
            return "it has " + String.join(", ", same);
        }
        if (!alike.isEmpty()) {
            return "it has " + String.join(", ", alike);
        }
        if (!blocking.isEmpty()) {
            return "the blocking " + String.join(", ", blocking) + " exists";
        }
        return "nothing like it (see docs/mpi-java-apis.md for what is supported)";
    }

    /** {@code (Ljava/nio/Buffer;I)V} as {@code (Buffer, int)}. */
    static String readable(String descriptor) {
        StringBuilder b = new StringBuilder("(");
        int i = 1;
        boolean first = true;
        while (descriptor.charAt(i) != ')') {
            int dims = 0;
            while (descriptor.charAt(i) == '[') {
                dims++;
                i++;
            }
            String t;
            char k = descriptor.charAt(i);
            if (k == 'L') {
                int end = descriptor.indexOf(';', i);
                String n = descriptor.substring(i + 1, end);
                t = n.substring(n.lastIndexOf('/') + 1);
                i = end + 1;
            } else {
                t = switch (k) {
                    case 'Z' -> "boolean";
                    case 'B' -> "byte";
                    case 'C' -> "char";
                    case 'S' -> "short";
                    case 'I' -> "int";
                    case 'J' -> "long";
                    case 'F' -> "float";
                    case 'D' -> "double";
                    default -> String.valueOf(k).toLowerCase(Locale.ROOT);
                };
                i++;
            }
            b.append(first ? "" : ", ").append(t).append("[]".repeat(dims));
            first = false;
        }
        return b.append(')').toString();
    }

    /** The parts of a class file's constant pool this scan needs. */
    private static final class ConstantPool {
        String thisClass;
        final List<String> classes = new ArrayList<>();
        final List<String[]> members = new ArrayList<>();

        static ConstantPool read(byte[] bytes) throws IOException {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
            if (in.readInt() != 0xCAFEBABE) {
                return null;
            }
            in.readUnsignedShort();
            in.readUnsignedShort();
            int n = in.readUnsignedShort();
            String[] utf8 = new String[n];
            int[] classIndex = new int[n];
            int[][] ref = new int[n][];
            int[][] nameAndType = new int[n][];
            for (int i = 1; i < n; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> utf8[i] = in.readUTF();
                    case 7 -> classIndex[i] = in.readUnsignedShort();
                    case 8, 16, 19, 20 -> in.readUnsignedShort();
                    case 3, 4 -> in.readInt();
                    case 5, 6 -> {
                        in.readLong();
                        i++;
                    }
                    case 9, 10, 11 -> ref[i] = new int[] {in.readUnsignedShort(), in.readUnsignedShort()};
                    case 12 -> nameAndType[i] = new int[] {in.readUnsignedShort(), in.readUnsignedShort()};
                    case 15 -> {
                        in.readUnsignedByte();
                        in.readUnsignedShort();
                    }
                    case 17, 18 -> in.readInt();
                    default -> throw new IOException("constant pool tag " + tag);
                }
            }
            in.readUnsignedShort();
            int thisIndex = in.readUnsignedShort();
            ConstantPool cp = new ConstantPool();
            cp.thisClass = utf8[classIndex[thisIndex]];
            for (int i = 1; i < n; i++) {
                if (classIndex[i] != 0) {
                    String c = utf8[classIndex[i]];
                    while (c.startsWith("[")) {
                        c = c.substring(1);
                    }
                    if (c.startsWith("L") && c.endsWith(";")) {
                        c = c.substring(1, c.length() - 1);
                    }
                    cp.classes.add(c);
                }
                if (ref[i] != null) {
                    int[] nt = nameAndType[ref[i][1]];
                    cp.members.add(new String[] {utf8[classIndex[ref[i][0]]], utf8[nt[0]], utf8[nt[1]]});
                }
            }
            return cp;
        }
    }
}
