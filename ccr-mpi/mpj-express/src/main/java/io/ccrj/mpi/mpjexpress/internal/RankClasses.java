package io.ccrj.mpi.mpjexpress.internal;

import io.ccrj.mpi.internal.Internal;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Finds the folder of the rank-side adapter classes that MPJ Express loads in each rank's class
 * loader.
 *
 * <p>The build compiles them apart ({@code src/rank/java}) and ships them inside this module's jar
 * under {@value #PREFIX}, a place where no class loader finds them by class name, so they never
 * join the launching class path. From a folder on the class path (a build's
 * {@code target/classes}) that place is used as it is; from a jar it is extracted once per JVM
 * into a temporary folder, deleted when the JVM exits.
 */
@Internal
public final class RankClasses {

    /** Where the rank-side classes live among this module's resources. */
    static final String PREFIX = "META-INF/ccrj/mpj-express/rank/";

    private static Path directory;

    private RankClasses() {
    }

    /**
     * The folder to hand to MPJ Express as the ranks' application class path.
     *
     * @return a folder holding {@code io/ccrj/mpi/mpjexpress/rank/*.class}
     * @throws IllegalStateException if the classes are missing (a broken build)
     */
    public static synchronized Path directory() {
        if (directory != null) {
            return directory;
        }
        String mainPath = MulticoreRun.RANK_MAIN.replace('.', '/') + ".class";
        URL url = RankClasses.class.getClassLoader().getResource(PREFIX + mainPath);
        if (url == null) {
            throw new IllegalStateException("the rank-side classes of ccr-mpi-mpj-express (" + PREFIX + mainPath
                    + ") are missing from the class path; rebuild the module");
        }
        try {
            if ("file".equals(url.getProtocol())) {
                Path main = Path.of(url.toURI());
                Path root = main;
                for (int i = 0; i < mainPath.split("/").length; i++) {
                    root = root.getParent();
                }
                directory = root;
            } else if ("jar".equals(url.getProtocol())) {
                directory = extract((JarURLConnection) url.openConnection());
            } else {
                throw new IllegalStateException("cannot use rank-side classes from " + url + " (neither a folder nor a jar)");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot extract the rank-side classes from " + url, e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        return directory;
    }

    private static Path extract(JarURLConnection connection) throws IOException {
        connection.setUseCaches(false);
        Path target = Files.createTempDirectory("ccrj-mpj-rank-");
        Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(target), "ccrj-mpj-rank-cleanup"));
        try (JarFile jar = connection.getJarFile()) {
            Enumeration<JarEntry> entries = jar.entries();
            while (entries.hasMoreElements()) {
                JarEntry entry = entries.nextElement();
                String name = entry.getName();
                if (!name.startsWith(PREFIX) || entry.isDirectory()) {
                    continue;
                }
                Path out = target.resolve(name.substring(PREFIX.length())).normalize();
                if (!out.startsWith(target)) {
                    throw new IOException("entry " + name + " escapes " + target);
                }
                Files.createDirectories(out.getParent());
                try (InputStream in = jar.getInputStream(entry)) {
                    Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        return target;
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // best effort at JVM exit
        }
    }
}
