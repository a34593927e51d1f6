import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.spi.ToolProvider;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Checks a Maven repository that {@code ./mvnw deploy} wrote (run by bin/lib/release-check.sh):
 * every published artifact of the group has what Maven Central requires of it, signing aside.
 *
 * <pre>java bin/lib/ReleaseCheck.java REPO GROUP_ID DEPENDENCY_DIR... </pre>
 *
 * <p>For each artifact under {@code REPO/GROUP/} (the newest version, the newest snapshot
 * timestamp): a POM whose effective metadata (its own, else its parents' in the same repository)
 * has name, description, url, a licence with name and url, a developer, and scm with url and
 * connection; for jar packaging the jar (holding META-INF/LICENSE), the -sources.jar (holding
 * .java files) and the -javadoc.jar (holding index.html); SHA-1 and MD5 checksums that match each
 * file; and a module descriptor that {@code jdeps --check} accepts: every requires it declares is
 * one jdeps suggests, and it declares every one of jdeps' transitive reduced graph. The module path for jdeps is the deployed jars plus the jars in the
 * DEPENDENCY_DIRs (the modules' runtime dependencies, copied by the dependency plugin).
 *
 * <p>The artifacts that must be there are named in {@link #REQUIRED}; those that must not be
 * (never published) in {@link #FORBIDDEN}. Prints one line per artifact file with its size and
 * verdict, then a summary line; exits 1 if any check failed.
 */
public final class ReleaseCheck {
    /** The artifacts a release publishes: the parent POM and the library modules. */
    static final List<String> REQUIRED =
            List.of("ccrj-parent", "ccr-core", "ccr-mpi", "ccr-mpi-mpj-express", "ccr-mpi-mpijava", "dss-services");

    /**
     * Built by the reactor but never published: the benchmarks, the example application and the
     * Spark peer's benchmarks (jmh-bench/spark-peer, whose dependencies are Spark's).
     */
    static final Set<String> FORBIDDEN = Set.of("jmh-bench", "ccrj-example-clustering", "ccrj-spark-peer");

    /**
     * Jar artifacts without a module descriptor, each with the reason; checked for an
     * Automatic-Module-Name instead. The MPJ Express backend compiles its rank-side classes
     * against MPJ Express's jars, which are not modules and not on Maven Central, and ships them
     * as resources loaded by MPJ Express's own class loaders.
     */
    static final Map<String, String> AUTOMATIC_MODULES = Map.of(
            "ccr-mpi-mpj-express",
            "MPJ Express (not a module, not on Maven Central) is compiled against, not required",
            "ccr-mpi-mpijava",
            "package mpi is loaded once per rank from the class path by the mpirun launcher's class loaders, as"
                    + " mpiJava programs expect");

    /** The oldest Java release ccrj supports (maven.compiler.release). */
    static final String MIN_JAVA = "21";

    private final Path repo;
    private final String groupId;
    private final List<Path> dependencyDirs;
    private final List<String> failures = new ArrayList<>();

    private ReleaseCheck(Path repo, String groupId, List<Path> dependencyDirs) {
        this.repo = repo;
        this.groupId = groupId;
        this.dependencyDirs = dependencyDirs;
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: java ReleaseCheck.java REPO GROUP_ID [DEPENDENCY_DIR...]");
            System.exit(2);
        }
        List<Path> deps = Stream.of(args).skip(2).map(Path::of).toList();
        var check = new ReleaseCheck(Path.of(args[0]), args[1], deps);
        System.exit(check.run() ? 0 : 1);
    }

    private boolean run() throws Exception {
        Path groupDir = repo.resolve(groupId.replace('.', '/'));
        if (!Files.isDirectory(groupDir)) {
            System.out.println("release-check: FAILED, nothing deployed under " + groupDir);
            return false;
        }
        Map<String, Deployed> deployed = new TreeMap<>();
        try (Stream<Path> dirs = Files.list(groupDir)) {
            for (Path dir : dirs.filter(Files::isDirectory).toList()) {
                newest(dir).ifPresent(d -> deployed.put(d.artifactId, d));
            }
        }
        for (String a : REQUIRED) {
            if (!deployed.containsKey(a)) {
                fail(a, "not deployed");
            }
        }
        for (String a : FORBIDDEN) {
            if (deployed.containsKey(a)) {
                fail(a, "deployed, but it is never published (maven.deploy.skip)");
            }
        }
        int files = 0;
        for (Deployed d : deployed.values()) {
            files += checkArtifact(d, deployed);
        }
        String verdict = failures.isEmpty() ? "OK" : "FAILED";
        System.out.printf("release-check: %s, %d artifacts, %d files, %d problems%n",
                verdict, deployed.size(), files, failures.size());
        failures.forEach(f -> System.out.println("release-check:   " + f));
        return failures.isEmpty();
    }

    /** One deployed artifact: its newest POM and the base name its other files share. */
    record Deployed(String artifactId, String version, Path dir, String base) {
        Path file(String suffix) {
            return dir.resolve(base + suffix);
        }
    }

    /** The newest version folder of an artifact, and in it the newest (timestamped) POM. */
    private static Optional<Deployed> newest(Path artifactDir) throws IOException {
        String artifactId = artifactDir.getFileName().toString();
        List<Path> versions;
        try (Stream<Path> s = Files.list(artifactDir)) {
            versions = s.filter(Files::isDirectory).sorted().toList();
        }
        if (versions.isEmpty()) {
            return Optional.empty();
        }
        Path vdir = versions.getLast();
        List<Path> poms;
        try (Stream<Path> s = Files.list(vdir)) {
            poms = s.filter(p -> p.getFileName().toString().endsWith(".pom")).sorted().toList();
        }
        if (poms.isEmpty()) {
            return Optional.of(new Deployed(artifactId, vdir.getFileName().toString(), vdir, ""));
        }
        String name = poms.getLast().getFileName().toString();
        return Optional.of(new Deployed(artifactId, vdir.getFileName().toString(), vdir,
                name.substring(0, name.length() - ".pom".length())));
    }

    /** Checks one artifact; returns how many files it checked. */
    private int checkArtifact(Deployed d, Map<String, Deployed> all) throws Exception {
        if (d.base.isEmpty()) {
            fail(d.artifactId, "no POM in " + d.dir);
            return 0;
        }
        Path pomFile = d.file(".pom");
        Document pom = parse(pomFile);
        List<String> pomProblems = pomProblems(pom, all);
        report(d, ".pom", pomFile, pomProblems);
        int files = 1;
        String packaging = text(pom.getDocumentElement(), "packaging").orElse("jar");
        if (!packaging.equals("jar")) {
            return files;
        }
        Path jar = d.file(".jar");
        report(d, ".jar", jar, jarProblems(d.artifactId, jar));
        Path sources = d.file("-sources.jar");
        report(d, "-sources.jar", sources, entryProblems(sources, ".java", "no .java file"));
        Path javadoc = d.file("-javadoc.jar");
        report(d, "-javadoc.jar", javadoc, entryProblems(javadoc, "index.html", "no index.html"));
        return files + 3;
    }

    private void report(Deployed d, String suffix, Path file, List<String> problems) {
        List<String> all = new ArrayList<>(problems);
        if (Files.isRegularFile(file)) {
            all.addAll(checksumProblems(file));
        }
        long size = sizeOf(file);
        String verdict = all.isEmpty() ? "ok" : "FAILED: " + String.join("; ", all);
        if (all.isEmpty() && suffix.equals(".jar") && AUTOMATIC_MODULES.containsKey(d.artifactId)) {
            verdict += " (automatic module, no module-info: " + AUTOMATIC_MODULES.get(d.artifactId) + ")";
        }
        System.out.printf("release-check: %-22s %-14s %9s  %s%n", d.artifactId, suffix,
                size < 0 ? "-" : String.format("%,d", size), verdict);
        all.forEach(p -> fail(d.artifactId + suffix, p));
    }

    // --- POM -----------------------------------------------------------------------------------

    /** The fields Maven Central requires, looked up in the POM, then in its parents. */
    private List<String> pomProblems(Document pom, Map<String, Deployed> all) throws Exception {
        List<Element> chain = new ArrayList<>();
        chain.add(pom.getDocumentElement());
        Element cur = pom.getDocumentElement();
        while (true) {
            Optional<Element> parent = child(cur, "parent");
            if (parent.isEmpty()) {
                break;
            }
            String pg = text(parent.get(), "groupId").orElse("");
            String pa = text(parent.get(), "artifactId").orElse("");
            Deployed pd = all.get(pa);
            if (!pg.equals(groupId) || pd == null || pd.base.isEmpty()) {
                return List.of("parent " + pg + ":" + pa + " is not deployed beside it");
            }
            cur = parse(pd.file(".pom")).getDocumentElement();
            chain.add(cur);
        }
        List<String> problems = new ArrayList<>();
        Element own = chain.getFirst();
        if (first(chain, "groupId").isEmpty() && first(chain, "parent/groupId").isEmpty()) {
            problems.add("no groupId");
        }
        for (String f : List.of("artifactId", "name", "description")) {
            if (text(own, f).isEmpty()) {
                problems.add("no " + f + " of its own");
            }
        }
        for (String f : List.of("url", "licenses/license/name", "licenses/license/url",
                "developers/developer/name", "scm/url", "scm/connection")) {
            if (first(chain, f).isEmpty()) {
                problems.add("no " + f);
            }
        }
        // A URL a child would have appended its artifactId to: the project's URLs stay the project's.
        first(chain, "url").ifPresent(u -> {
            if (!u.equals(first(chain.subList(chain.size() - 1, chain.size()), "url").orElse(u))) {
                problems.add("url " + u + " differs from the parent's");
            }
        });
        return problems;
    }

    private static Optional<String> first(List<Element> chain, String path) {
        for (Element e : chain) {
            Optional<String> t = text(e, path);
            if (t.isPresent()) {
                return t;
            }
        }
        return Optional.empty();
    }

    /** The trimmed text at a slash-separated path of child elements, if present and not blank. */
    private static Optional<String> text(Element e, String path) {
        Element cur = e;
        for (String step : path.split("/")) {
            Optional<Element> next = child(cur, step);
            if (next.isEmpty()) {
                return Optional.empty();
            }
            cur = next.get();
        }
        String t = cur.getTextContent().trim();
        return t.isEmpty() ? Optional.empty() : Optional.of(t);
    }

    private static Optional<Element> child(Element e, String name) {
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c && name.equals(c.getLocalName() != null ? c.getLocalName() : c.getTagName())) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    private static Document parse(Path file) throws Exception {
        var f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return f.newDocumentBuilder().parse(file.toFile());
    }

    // --- jars ----------------------------------------------------------------------------------

    private List<String> jarProblems(String artifactId, Path jar) throws IOException {
        if (!Files.isRegularFile(jar)) {
            return List.of("missing");
        }
        List<String> problems = new ArrayList<>();
        try (var jf = new JarFile(jar.toFile())) {
            if (jf.getEntry("META-INF/LICENSE") == null) {
                problems.add("no META-INF/LICENSE");
            }
            boolean descriptor = jf.getEntry("module-info.class") != null;
            if (AUTOMATIC_MODULES.containsKey(artifactId)) {
                Attributes main = jf.getManifest() == null ? null : jf.getManifest().getMainAttributes();
                String name = main == null ? null : main.getValue("Automatic-Module-Name");
                if (descriptor) {
                    problems.add("has a module-info now: remove it from ReleaseCheck.AUTOMATIC_MODULES");
                } else if (name == null) {
                    problems.add("neither module-info nor Automatic-Module-Name");
                }
            } else if (!descriptor) {
                problems.add("no module-info.class");
            } else {
                problems.addAll(jdepsProblems(jar));
            }
        }
        return problems;
    }

    private static List<String> entryProblems(Path jar, String suffix, String problem) throws IOException {
        if (!Files.isRegularFile(jar)) {
            return List.of("missing");
        }
        try (var jf = new JarFile(jar.toFile())) {
            boolean found = jf.stream().anyMatch(e -> e.getName().endsWith(suffix));
            return found ? List.of() : List.of(problem);
        }
    }

    /**
     * {@code jdeps --check MODULE}: exits 0 and suggests exactly the requires the descriptor
     * declares (an unused requires, a missing one, or one that must be transitive all differ).
     */
    private List<String> jdepsProblems(Path jar) throws IOException {
        String module;
        try (var jf = new JarFile(jar.toFile())) {
            var in = jf.getInputStream(jf.getEntry("module-info.class"));
            module = java.lang.module.ModuleDescriptor.read(in).name();
        }
        Set<String> path = new LinkedHashSet<>();
        try (Stream<Path> s = Files.walk(repo.resolve(groupId.replace('.', '/')))) {
            // the newest jar of each deployed artifact (one per artifact folder)
            s.filter(p -> p.getFileName().toString().endsWith(".jar"))
                    .filter(p -> !p.getFileName().toString().matches(".*-(sources|javadoc)\\.jar"))
                    .collect(Collectors.groupingBy(Path::getParent, TreeMap::new,
                            Collectors.maxBy(java.util.Comparator.naturalOrder())))
                    .values().forEach(p -> p.ifPresent(x -> path.add(x.toString())));
        }
        for (Path dir : dependencyDirs) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> s = Files.list(dir)) {
                    s.filter(p -> p.toString().endsWith(".jar"))
                            .filter(p -> !p.getFileName().toString().startsWith("ccr"))
                            .forEach(p -> path.add(p.toString()));
                }
            }
        }
        var jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new IllegalStateException("no jdeps in this JDK"));
        var out = new ByteArrayOutputStream();
        var ps = new PrintStream(out, true, StandardCharsets.UTF_8);
        // Multi-release dependencies (Netty's) are read as the oldest JDK ccrj supports sees them.
        int rc = jdeps.run(ps, ps, "--multi-release", MIN_JAVA, "--module-path",
                String.join(java.io.File.pathSeparator, path), "--check", module);
        String text = out.toString(StandardCharsets.UTF_8);
        List<String> problems = new ArrayList<>();
        if (rc != 0) {
            problems.add("jdeps --check " + module + " exited " + rc + ": " + text.strip().replace('\n', ' '));
            return problems;
        }
        // Accepted: nothing declared that jdeps does not suggest (an unused requires, or a
        // transitive one the API does not need), and nothing of the reduced graph (the
        // suggestions less those another requires already implies) left out.
        Set<String> declared = requires(text, "[Module descriptor]");
        Set<String> suggested = requires(text, "[Suggested module descriptor");
        Set<String> reduced = requires(text, "[Transitive reduced graph");
        Set<String> extra = new java.util.TreeSet<>(declared);
        extra.removeAll(suggested);
        Set<String> missing = new java.util.TreeSet<>(reduced);
        missing.removeAll(declared);
        // jdeps cannot know that a dependency is optional (an optional Maven dependency, used only
        // by an entry point such as the host's command line): it suggests `requires M` where the
        // descriptor says `requires static M`, which is the descriptor's way to say optional.
        for (String d : List.copyOf(extra)) {
            if (d.startsWith("requires static ")) {
                String plain = "requires " + d.substring("requires static ".length());
                if (suggested.contains(plain)) {
                    extra.remove(d);
                    missing.remove(plain);
                }
            }
        }
        if (!extra.isEmpty() || !missing.isEmpty()) {
            problems.add("jdeps --check " + module + ": module-info declares " + extra
                    + " that jdeps does not suggest, and lacks " + missing);
        }
        if (text.contains("unused")) {
            problems.add("jdeps --check " + module + ": " + text.strip().replace('\n', ' '));
        }
        return problems;
    }

    /** The requires lines of one section of jdeps --check's output, versions dropped. */
    private static Set<String> requires(String jdepsOutput, String section) {
        Set<String> out = new java.util.TreeSet<>();
        boolean in = false;
        for (String line : jdepsOutput.split("\n")) {
            String t = line.strip();
            if (t.startsWith("[")) {
                in = t.startsWith(section);
                continue;
            }
            if (in && t.startsWith("requires ")) {
                out.add(t.replaceAll(" \\(@[^)]*\\)", "").replace(";", ""));
            }
        }
        return out;
    }

    // --- checksums -----------------------------------------------------------------------------

    private static List<String> checksumProblems(Path file) {
        List<String> problems = new ArrayList<>();
        for (String[] alg : new String[][] {{"SHA-1", ".sha1"}, {"MD5", ".md5"}}) {
            Path sum = file.resolveSibling(file.getFileName() + alg[1]);
            if (!Files.isRegularFile(sum)) {
                problems.add("no " + sum.getFileName());
                continue;
            }
            try {
                String want = Files.readString(sum).strip().split("\\s+")[0].toLowerCase(java.util.Locale.ROOT);
                String got = HexFormat.of().formatHex(MessageDigest.getInstance(alg[0]).digest(Files.readAllBytes(file)));
                if (!want.equals(got)) {
                    problems.add(sum.getFileName() + " does not match");
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
        return problems;
    }

    private static long sizeOf(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.size(file) : -1;
        } catch (IOException e) {
            return -1;
        }
    }

    private void fail(String what, String problem) {
        failures.add(what + ": " + problem);
    }
}
