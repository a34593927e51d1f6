package io.ccrj.mpi.mpjexpress.internal;

import io.ccrj.mpi.internal.Internal;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The process and file chores of {@code MpjExpressCluster}: free ports, waiting for a port to
 * answer, ending a process with everything it started, the tail of a log, and where a class was
 * loaded from. Stateless.
 */
@Internal
public final class ClusterProcesses {

    private ClusterProcesses() {
    }

    /**
     * Ports that were free a moment ago, all different. Another process may take one before MPJ
     * Express binds it; the daemon's start then fails with a message saying so.
     *
     * @param n how many
     * @return the ports
     * @throws IOException if no port can be had
     */
    public static int[] freePorts(int n) throws IOException {
        // All sockets open at once, so that the ports differ.
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            int[] ports = new int[n];
            for (int i = 0; i < n; i++) {
                ServerSocket s = new ServerSocket(0);
                sockets.add(s);
                ports[i] = s.getLocalPort();
            }
            return ports;
        } finally {
            for (ServerSocket s : sockets) {
                s.close();
            }
        }
    }

    /**
     * Whether something accepts connections on a port of the loopback address.
     *
     * @param port the port
     * @return {@code true} if a connection was made
     */
    public static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Ends a process and every process it started: politely first, then forcibly after
     * {@code graceMillis}. The descendants are listed before the process is ended, because once
     * it is gone its children are re-parented and can no longer be found through it.
     *
     * @param process the process (may have ended already)
     * @param graceMillis how long to wait before ending them forcibly
     * @throws InterruptedException if interrupted while waiting (everything is ended forcibly first)
     */
    public static void endTree(ProcessHandle process, long graceMillis) throws InterruptedException {
        List<ProcessHandle> all = new ArrayList<>(process.descendants().toList());
        all.add(process);
        all.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(graceMillis);
        try {
            for (ProcessHandle p : all) {
                while (p.isAlive() && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
            }
        } finally {
            all.forEach(ProcessHandle::destroyForcibly);
        }
        // destroyForcibly only asks; wait (briefly) until the kill has taken effect.
        long hard = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        for (ProcessHandle p : all) {
            while (p.isAlive() && System.nanoTime() < hard) {
                Thread.sleep(10);
            }
        }
    }

    /**
     * The last lines of a text file, for error messages.
     *
     * @param file the file
     * @param lines the most lines
     * @return the lines, or a line saying the file is missing or unreadable
     */
    public static String tail(Path file, int lines) {
        try {
            if (!Files.isRegularFile(file)) {
                return "(no " + file + ")";
            }
            List<String> all = List.of(new String(Files.readAllBytes(file), StandardCharsets.UTF_8).split("\n", -1));
            int from = Math.max(0, all.size() - lines);
            String text = String.join("\n", all.subList(from, all.size()));
            return (from > 0 ? "(... " + from + " earlier lines in " + file + ")\n" : "") + text;
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e + ")";
        }
    }

    /**
     * The class-path entry a class was loaded from.
     *
     * @param c the class
     * @return its jar or folder
     * @throws IllegalArgumentException if the class has no code source (a JDK class, or one
     *     defined at run time)
     */
    public static Path codeSource(Class<?> c) {
        CodeSource source = c.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            throw new IllegalArgumentException(c.getName() + " was not loaded from a jar or folder, so its rank JVMs"
                    + " cannot load it; give its class path entry to MpjExpressCluster.Builder.classPath");
        }
        try {
            return Path.of(source.getLocation().toURI());
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new IllegalArgumentException("the class path entry of " + c.getName() + " (" + source.getLocation()
                    + ") is not a local file", e);
        }
    }

    /**
     * The class-path entry of a class named {@code name}, found through {@code loader}.
     *
     * @param name a class name
     * @param loader where to look
     * @return its jar or folder
     * @throws IllegalStateException if the class is not there
     */
    public static Path codeSource(String name, ClassLoader loader) {
        try {
            return codeSource(Class.forName(name, false, loader));
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(name + " is not on this JVM's class path, and every rank JVM needs it", e);
        }
    }
}
