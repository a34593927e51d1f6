package io.ccrj.bench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * {@code bin/ccrj paper --publish RUN_DIR}: writes one run folder of {@code bin/ccrj paper} into the
 * repository's pages, so that they quote a run, not a hand's copy of it. The run folder lies under
 * the repository's {@code docs/} (the pages link its files); the repository is the nearest folder
 * above it that holds {@code README.md} and {@code docs/results.md}. Two blocks are replaced, and
 * nothing outside them changes, byte for byte:
 * <ul>
 *   <li>{@code docs/results.md} between {@value #RESULTS_OPEN} and {@value #RESULTS_CLOSE}: a line
 *   on the run (command, commit, machine, date, duration, JMH settings, where its files are), then
 *   the run's {@code results.md} from its headline on, headings one level down and its links
 *   pointing into the run folder;</li>
 *   <li>{@code README.md} between {@value #HEADLINE_OPEN} and {@value #HEADLINE_CLOSE}: a sentence
 *   on the run and a compact table of the rows of {@link #README_ROWS}, each taken by its id from
 *   the run's {@code headline.csv} with the verdicts the run computed.</li>
 * </ul>
 * A marker missing (or given twice), a row's id matching no figure (or several), or a run folder
 * of an older layout is a {@link Refused} that names it; then no file is written.
 */
public final class Publish {
    /** Why a run folder cannot be published: one line naming the folder, file, marker or id; no file was written. */
    public static final class Refused extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        /** @param why one line naming what is missing or wrong */
        public Refused(String why) {
            super(why);
        }
    }

    /** Opens the main job's block in docs/results.md. */
    public static final String RESULTS_OPEN = "<!-- paper-run -->";
    /** Closes the main job's block in docs/results.md. */
    public static final String RESULTS_CLOSE = "<!-- /paper-run -->";
    /** Opens the headline block in README.md. */
    public static final String HEADLINE_OPEN = "<!-- headline -->";
    /** Closes the headline block in README.md. */
    public static final String HEADLINE_CLOSE = "<!-- /headline -->";

    /**
     * One row of README's headline table: what a reader sees in its first column, and the figure's
     * id in headline.csv. A {@code *} stands for one part of the id that differs between quick and
     * full runs (the stages or rounds of a figure's size); the pattern must match exactly one figure.
     *
     * @param title the row's first column
     * @param id the figure's id, {@code *} for one part
     */
    public record Row(String title, String id) {
        boolean matches(String figureId) {
            String[] want = id.split("\\.", -1);
            String[] have = figureId.split("\\.", -1);
            if (want.length != have.length) {
                return false;
            }
            for (int i = 0; i < want.length; i++) {
                if (!want[i].equals("*") && !want[i].equals(have[i])) {
                    return false;
                }
            }
            return true;
        }
    }

    /** README's headline rows, in order: the papers' patterns, MPI, DSS, then ccr-core beside today's peers. */
    public static final List<Row> README_ROWS = List.of(
            new Row("spawned Pipeline, overhead per stage (T(S) - T(1)) / S, 2-way match",
                    "overhead.DIFFERENCE.PIPELINE.MATCH.2.*.OVERHEAD_US"),
            new Row("spawned Exchange, overhead per stage (T(S) - T(1)) / S, 2-way match",
                    "overhead.DIFFERENCE.EXCHANGE.MATCH.2.*.OVERHEAD_US"),
            new Row("spawned Pipeline, back-to-back stages, per stage, 1 thread", "overhead.BACK_TO_BACK.PIPELINE.MATCH.1.*.MESSAGING_US"),
            new Row("spawned Exchange, back-to-back stages, per stage, 2-way match",
                    "overhead.BACK_TO_BACK.EXCHANGE.MATCH.2.*.MESSAGING_US"),
            new Row("Rendezvous Shift, per stage, 2 ranks", "mpi.stages.RENDEZVOUS_SHIFT.2"),
            new Row("Rendezvous Exchange, per stage, 2 ranks", "mpi.stages.RENDEZVOUS_EXCHANGE.2"),
            new Row("barrier, 2 ranks", "mpi.latency.BARRIER.2.vs-native"),
            new Row("allreduce of one double, 2 ranks", "mpi.latency.ALLREDUCE.2.vs-native"),
            new Row("ping-pong, half round trip, 2 ranks", "mpi.latency.PING_PONG.2.vs-native"),
            new Row("ping-pong, half round trip, 2 ranks", "mpi.latency.PING_PONG.2"),
            new Row("sendrecv of 10^5 doubles, summed over 2 ranks", "mpi.bandwidth.OUTSIDE_THREAD.2.100000"),
            new Row("DSS two-way Get, service to service in-process", "dss.TWO_WAY.SERVICE_TO_SERVICE.DSS_SERVICES.1.0.ROUND_TRIP_US"),
            new Row("DSS two-way Get over loopback HTTP", "dss.TWO_WAY.HTTP.DSS_SERVICES.1.0.ROUND_TRIP_US"),
            new Row("DSS HTTP throughput", "dss.THROUGHPUT.DSS_HTTP.DSS_SERVICES.*.0.REQUESTS_PER_S"),
            new Row("ccr-core one-way messages", "peers.ONE_WAY.PEKKO.CCR_CORE.0.*.MESSAGES_PER_S"),
            new Row("scatter-gather of 1,000 tasks", "peers.SCATTER_GATHER.COMPLETABLE_FUTURE.CCR_CORE.0.1000.OP_US"));

    private Publish() {
    }

    /**
     * What a run folder holds that the pages quote.
     *
     * @param dir the run folder
     * @param command the command that made it, e.g. {@code bin/ccrj paper --full}
     * @param commit the commit its benchmark jar was built from
     * @param machine its machine line (CPU, cores, OS, JVM)
     * @param date the day it ran
     * @param mode quick, full or smoke
     * @param took how long it took, e.g. {@code 1:09:17}
     * @param jmh the sections' JMH settings
     * @param body results.md from its headline on
     * @param headline headline.csv's rows by id, each a map of column to cell
     */
    record Run(Path dir, String command, String commit, String machine, String date, String mode, String took, String jmh, String body,
               Map<String, Map<String, String>> headline) {
    }

    /**
     * Publishes a run folder into its repository's README.md and docs/results.md.
     *
     * @param runDir the run folder, under the repository's docs/
     * @return the files written
     * @throws IOException if a file cannot be read or written
     * @throws Refused if the run folder, a marker or a row's figure is missing
     */
    public static List<Path> publish(Path runDir) throws IOException {
        Path run = runDir.toAbsolutePath().normalize();
        if (!Files.isRegularFile(run.resolve("results.md")) || !Files.isRegularFile(run.resolve("headline.csv"))) {
            throw new Refused("no run folder of bin/ccrj paper: " + runDir + " lacks results.md or headline.csv");
        }
        Path repo = repository(run);
        Path readme = repo.resolve("README.md");
        Path results = repo.resolve("docs/results.md");
        Run r = read(run);
        String fromDocs = repo.resolve("docs").relativize(run).toString().replace('\\', '/');
        String fromRoot = repo.relativize(run).toString().replace('\\', '/');
        // Both pages are built before either is written: an error leaves both as they were.
        String newResults = replace(Files.readString(results), RESULTS_OPEN, RESULTS_CLOSE, resultsBlock(r, fromDocs), results);
        String newReadme = replace(Files.readString(readme), HEADLINE_OPEN, HEADLINE_CLOSE, readmeBlock(r, fromRoot), readme);
        Files.writeString(results, newResults);
        Files.writeString(readme, newReadme);
        return List.of(readme, results);
    }

    /** The nearest folder above the run folder with README.md and docs/results.md, which must hold the run under docs/. */
    static Path repository(Path run) {
        for (Path p = run.getParent(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("README.md")) && Files.isRegularFile(p.resolve("docs/results.md"))) {
                if (!run.startsWith(p.resolve("docs"))) {
                    throw new Refused("the run folder " + run + " is not under " + p.resolve("docs")
                            + ": copy it to docs/results/NAME first, so that the pages can link its files");
                }
                return p;
            }
        }
        throw new Refused("no repository above " + run + " (a folder with README.md and docs/results.md):"
                + " copy the run folder to the repository's docs/results/NAME first");
    }

    private static final Pattern LIST_LINE = Pattern.compile("(?m)^- (.*)$");

    /** Reads a run folder's results.md header and body and its headline.csv. */
    static Run read(Path run) throws IOException {
        String md = Files.readString(run.resolve("results.md"));
        int headline = md.indexOf("\n## Headline\n");
        if (headline < 0) {
            throw new Refused(run.resolve("results.md") + " has no '## Headline' section");
        }
        Map<String, String> facts = new LinkedHashMap<>();
        Matcher m = LIST_LINE.matcher(md.substring(0, headline));
        List<String> lines = new ArrayList<>();
        while (m.find()) {
            lines.add(m.group(1));
        }
        for (String l : lines) {
            if (l.startsWith("machine: ")) {
                facts.put("machine", l.substring("machine: ".length()));
            } else if (l.startsWith("commit ")) {
                facts.put("commit", l.substring("commit ".length()));
            } else if (l.startsWith("date ")) {
                Matcher d = Pattern.compile("date (\\S+), mode (\\S+), took (\\S+)").matcher(l);
                if (d.matches()) {
                    facts.put("date", d.group(1));
                    facts.put("mode", d.group(2));
                    facts.put("took", d.group(3));
                }
            } else if (l.startsWith("command: ")) {
                facts.put("command", l.substring("command: ".length()).replace("`", ""));
            } else if (l.startsWith(PaperRunner.JMH_LINE)) {
                facts.put("jmh", l.substring(PaperRunner.JMH_LINE.length()));
            } else if (l.startsWith("**failed sections**")) {
                throw new Refused(run.resolve("results.md") + " records failed sections: " + l);
            }
        }
        for (String k : List.of("machine", "commit", "date", "mode", "took", "command", "jmh")) {
            if (!facts.containsKey(k)) {
                throw new Refused(run.resolve("results.md") + " records no " + k + " in its opening list"
                        + (k.equals("jmh") ? " (a run of an older bin/ccrj paper: rerun it)" : ""));
            }
        }
        return new Run(run, facts.get("command"), facts.get("commit"), facts.get("machine"), facts.get("date"), facts.get("mode"),
                facts.get("took"), facts.get("jmh"), md.substring(headline + 1), headline(run.resolve("headline.csv")));
    }

    /** headline.csv's rows by id; fails on a file without the verdict columns (an older run) or an id given twice. */
    static Map<String, Map<String, String>> headline(Path csv) throws IOException {
        List<List<String>> rows = parseCsv(Files.readString(csv));
        if (rows.isEmpty()) {
            throw new Refused(csv + " is empty");
        }
        List<String> header = rows.get(0);
        for (String need : List.of("id", "figure", "unit", "published", "ours_shown", "peer_shown", "vs_published", "vs_peer")) {
            if (!header.contains(need)) {
                throw new Refused(csv + " has no column " + need + " (a run of an older bin/ccrj paper: rerun it)");
            }
        }
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        for (List<String> row : rows.subList(1, rows.size())) {
            if (row.size() != header.size()) {
                throw new Refused(csv + ": a row of " + row.size() + " cells under " + header.size() + " columns: " + row);
            }
            Map<String, String> cells = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                cells.put(header.get(i), row.get(i));
            }
            if (out.put(cells.get("id"), cells) != null) {
                throw new Refused(csv + " has two rows with id " + cells.get("id"));
            }
        }
        return out;
    }

    /** RFC 4180 rows, as {@link Csv} writes them: quoted cells may hold commas, doubled quotes and line breaks. */
    static List<List<String>> parseCsv(String text) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                row.add(cell.toString());
                cell.setLength(0);
            } else if (c == '\n') {
                row.add(cell.toString());
                cell.setLength(0);
                rows.add(row);
                row = new ArrayList<>();
            } else if (c != '\r') {
                cell.append(c);
            }
        }
        if (quoted) {
            throw new Refused("a CSV cell's quote is not closed");
        }
        if (cell.length() > 0 || !row.isEmpty()) {
            row.add(cell.toString());
            rows.add(row);
        }
        return rows;
    }

    /** The sentence on the run that both pages open their block with. */
    static String about(Run r) {
        return "`" + r.command() + "` at commit `" + r.commit() + "`, " + r.date() + ", in " + r.took() + ", on " + r.machine()
                + "; JMH in forked JVMs per benchmark: " + r.jmh() + ".";
    }

    /** docs/results.md's block: the run's line, then its results.md from the headline on, headings one level down, links into the run folder. */
    static String resultsBlock(Run r, String fromDocs) {
        String body = r.body().replaceAll("(?m)^(#+) ", "$1# ");
        return "### The " + r.mode() + " run\n\n" + wrap(about(r) + " Its tables, JMH's JSON of every section, charts, console output"
                + " and progress lines are in [`" + fromDocs + "/`](" + fromDocs + "/results.md).") + "\n\n"
                + relink(body, fromDocs).strip() + "\n";
    }

    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    /** Points a run folder's relative links ({@code ](mpi/x.png)}) into it as seen from the page: {@code ](results/run/mpi/x.png)}. */
    static String relink(String markdown, String prefix) {
        Matcher m = LINK.matcher(markdown);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String target = m.group(1);
            boolean relative = !target.startsWith("#") && !target.startsWith("/") && !target.matches("[a-zA-Z][a-zA-Z0-9+.-]*:.*");
            m.appendReplacement(sb, Matcher.quoteReplacement("](" + (relative ? prefix + "/" + target : target) + ")"));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    /** README's block: the sentence on the run, then one table row per {@link #README_ROWS} entry. */
    static String readmeBlock(Run r, String fromRoot) {
        MarkdownTable t = new MarkdownTable("lrrrll", "figure", "ccrj (95% interval)", "published", "peer, same run",
                "ours vs published", "ours vs peer");
        List<String> missing = new ArrayList<>();
        for (Row row : README_ROWS) {
            List<Map<String, String>> hits = r.headline().entrySet().stream().filter(e -> row.matches(e.getKey()))
                    .map(Map.Entry::getValue).toList();
            if (hits.size() > 1) {
                throw new Refused("README row '" + row.title() + "': id " + row.id() + " matches " + hits.size()
                        + " figures of " + r.dir().resolve("headline.csv") + ": "
                        + hits.stream().map(h -> h.get("id")).collect(Collectors.joining(", ")));
            }
            if (hits.isEmpty()) {
                missing.add(row.id());
                continue;
            }
            Map<String, String> f = hits.get(0);
            String unit = f.get("unit");
            String peer = f.get("peer_shown").isEmpty() ? "-" : f.get("peer_shown") + " " + unit + " (" + f.get("peer") + ")";
            t.row(row.title() + " (" + unit + ")", f.get("ours_shown"), f.get("published").isEmpty() ? "-" : number(f.get("published")),
                    peer, f.get("vs_published"), f.get("vs_peer"));
        }
        if (!missing.isEmpty()) {
            throw new Refused(r.dir().resolve("headline.csv") + " has no figure for README's rows " + String.join(", ", missing)
                    + " (a run with --only leaves sections out: publish a run of all of them)");
        }
        return wrap("From " + about(r) + " Intervals are 95%; a ratio or a bound only where the run's evidence supports it, else"
                + " what would resolve the row. Every row, table, chart and raw file, and how to read them:"
                + " [docs/results.md](docs/results.md#the-" + r.mode() + "-run) and [" + fromRoot + "/](" + fromRoot + "/results.md).")
                + "\n\n" + t;
    }

    /** The pages' width: a paragraph's lines end at the last space before it (a longer word stays whole). */
    static final int WIDTH = 100;

    /** One paragraph wrapped at {@link #WIDTH} columns at its spaces. */
    static String wrap(String paragraph) {
        StringBuilder out = new StringBuilder();
        int lineStart = 0;
        for (String word : paragraph.split(" ")) {
            if (out.length() > lineStart && out.length() - lineStart + 1 + word.length() > WIDTH) {
                out.append('\n');
                lineStart = out.length();
            } else if (out.length() > lineStart) {
                out.append(' ');
            }
            out.append(word);
        }
        return out.toString();
    }

    /** A published figure from the CSV, shown as the headline shows figures. */
    private static String number(String cell) {
        return Headline.fmt(Double.parseDouble(cell));
    }

    /**
     * Replaces what lies between two markers, each on a line of its own, with a block: the markers
     * stay, the block sits between them after a blank line, and the text outside is kept byte for byte.
     *
     * @throws Refused if a marker is missing, given twice, or the close comes first
     */
    static String replace(String text, String open, String close, String block, Path file) {
        int a = only(text, open, file);
        int b = only(text, close, file);
        if (b < a) {
            throw new Refused(file + ": " + close + " comes before " + open);
        }
        return text.substring(0, a + open.length()) + "\n" + block.strip() + "\n" + text.substring(b);
    }

    private static int only(String text, String marker, Path file) {
        int i = text.indexOf(marker);
        if (i < 0) {
            throw new Refused(file + " has no marker " + marker);
        }
        if (text.indexOf(marker, i + 1) >= 0) {
            throw new Refused(file + " has the marker " + marker + " twice");
        }
        return i;
    }
}
