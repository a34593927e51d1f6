package io.ccrj.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The runners declared for picocli ({@link Commands}) under one option style: every bad command line
 * exits 2 with one line naming the option as typed and a hint to {@code --help}, never a Java type;
 * every help fits 100 columns and shows each option's default.
 */
class CommandsTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /** The subcommands declared for picocli and the options each had before, which they keep. */
    private static final Map<String, List<String>> CONVERTED = new LinkedHashMap<>();

    static {
        CONVERTED.put("paper", List.of("--full", "--only", "--out", "--smoke"));
        CONVERTED.put("dss", List.of("--full", "--forks", "--warmup", "--iterations", "--iteration-ms", "--out"));
        CONVERTED.put("peers", List.of("--full", "--forks", "--warmup", "--iterations", "--iteration-ms", "--out"));
        CONVERTED.put("platform", List.of("--out", "--quick"));
        CONVERTED.put("overhead", List.of("--full", "--pattern", "--ways", "--threads", "--stage-us", "--stages", "--forks",
                "--warmup", "--iterations", "--iteration-ms", "--out"));
        CONVERTED.put("mpi", List.of("--full", "--only", "--backend", "--ranks", "--bandwidth-ranks", "--sizes", "--stage-us",
                "--forks", "--warmup", "--iterations", "--iteration-ms", "--out"));
    }

    /**
     * A bad command line and what its error line must say.
     *
     * @param args the options after the subcommand
     * @param says the error line after {@code ccrj SUB: }
     */
    private record Bad(List<String> args, String says) {
        Bad(String says, String... args) {
            this(List.of(args), says);
        }
    }

    /** The corpus for one subcommand: what applies to its options. */
    private static List<Bad> corpus(String sub) {
        List<Bad> bad = new ArrayList<>();
        bad.add(new Bad("unknown option '--no-such-option'", "--no-such-option"));
        bad.add(new Bad("unknown option '--no-such'", "--no-such=3"));
        bad.add(new Bad("unknown option '-x'", "-x"));
        bad.add(new Bad("unexpected argument 'stray' (options start with --)", "stray"));
        bad.add(new Bad("option --out needs a value", "--out"));
        bad.add(new Bad("option --out: a ", "--out="));
        String flag = sub.equals("platform") ? "--quick" : "--full";
        bad.add(new Bad("option " + flag + " takes no value, got '" + flag + "=yes'", flag + "=yes"));
        // picocli itself would take this one as "true".
        bad.add(new Bad("option " + flag + " takes no value, got '" + flag + "=true'", flag + "=true"));
        if (CONVERTED.get(sub).contains("--forks")) {
            bad.add(new Bad("option --forks: 'x' is not a whole number", "--forks", "x"));
            bad.add(new Bad("option --forks: 'x' is not a whole number", "--forks=x"));
            bad.add(new Bad("option --forks: 0 is out of range 1..100", "--forks", "0"));
            bad.add(new Bad("option --iteration-ms: 5 is out of range 10..600000", "--full", "--iteration-ms=5"));
            bad.add(new Bad("option --warmup: '1.5' is not a whole number", "--warmup", "1.5"));
            bad.add(new Bad("option --forks needs a value (N)", "--forks", "--full"));
            bad.add(new Bad("unknown option '--fork' (did you mean --forks", "--fork", "2"));
        }
        if (sub.equals("paper")) {
            bad.add(new Bad("option --only: empty item in 'dss,,peers'", "--only", "dss,,peers"));
            bad.add(new Bad("option --only: empty item in 'dss,'", "--only=dss,"));
            bad.add(new Bad("option --only: empty item in ''", "--only="));
            bad.add(new Bad("option --only: unknown experiment 'pingpong' (known: pipeline,", "--only", "dss,pingpong"));
            bad.add(new Bad("options --full and --smoke exclude each other", "--full", "--smoke"));
            bad.add(new Bad("option --smoke takes no value, got '--smoke=no'", "--smoke=no"));
        }
        return bad;
    }

    @Test
    void everyBadCommandLineExitsTwoWithOneLineNamingTheOptionAsTypedAndAHint() {
        int checked = 0;
        for (String sub : CONVERTED.keySet()) {
            for (Bad b : corpus(sub)) {
                List<String> all = new ArrayList<>(List.of(sub));
                all.addAll(b.args());
                err.reset();
                out.reset();
                int code = Main.run(all.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8));
                String text = err.toString(StandardCharsets.UTF_8);
                String what = String.join(" ", all) + " -> " + text;
                assertThat(code).as(what).isEqualTo(2);
                List<String> lines = text.lines().toList();
                assertThat(lines).as(what).hasSize(1);
                assertThat(lines.get(0)).as(what).startsWith("ccrj " + sub + ": " + b.says()).endsWith(" " + Main.hint(sub));
                assertThat(text).as(what).doesNotContain("java.").doesNotContain("Exception").doesNotContainIgnoringCase("picocli")
                        .doesNotContain("io.ccrj").doesNotContain("Usage:");
                assertThat(out.size()).as(what).isZero();
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(40);
    }

    @Test
    void everyHelpFitsOneHundredColumnsListsItsOptionsAndShowsTheirDefaults() {
        for (String sub : CONVERTED.keySet()) {
            for (String help : List.of("--help", "-h")) {
                out.reset();
                assertThat(Main.run(new String[] {sub, help}, new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8))).isZero();
                String text = out.toString(StandardCharsets.UTF_8);
                assertThat(text).as(sub).startsWith("Usage: bin/ccrj " + sub + " [OPTIONS]\n").doesNotContain("null")
                        .doesNotContain("${");
                assertThat(text.lines()).as(sub).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(100));
                Map<String, String> entries = optionEntries(text);
                assertThat(entries.keySet()).as(sub).containsAll(CONVERTED.get(sub)).contains("--help");
                entries.forEach((option, entry) -> {
                    // An option that takes a value says what it is when not given.
                    if (entry.startsWith(option + "=")) {
                        assertThat(entry).as(sub + " " + option).contains("(default: ");
                    }
                });
            }
        }
        assertThat(Main.EXPERIMENTS.get("dss").usage()).contains("--forks=N", "JMH forks per benchmark (default: 1; --full: 5)",
                "--out=DIR", "(default: results/dss-<timestamp>)");
        assertThat(Main.EXPERIMENTS.get("peers").usage()).contains("(default: 300; --full: 1000)");
    }

    /** The help's option entries by long name: the entry's text from the name on, continuation lines joined. */
    private static Map<String, String> optionEntries(String help) {
        Map<String, String> entries = new LinkedHashMap<>();
        String current = null;
        for (String line : help.lines().toList()) {
            String t = line.strip();
            if (line.startsWith("  -") || line.startsWith("      --")) {
                // "--only, --parts=LIST ...": the entry under the first name, its aliases dropped
                String from = t.substring(t.indexOf("--")).replaceFirst("^(--[\\w-]+)(, --[\\w-]+)+", "$1");
                current = from.split("[= ]", 2)[0];
                entries.put(current, from.replaceAll("\\s+", " "));
            } else if (current != null && line.startsWith("        ") && !t.isEmpty()) {
                entries.merge(current, " " + t, String::concat);
            } else {
                current = null;
            }
        }
        return entries;
    }

    /** A command with an alias, as overhead's {@code --pattern}/{@code --patterns} will be. */
    @Command(name = "bin/ccrj test-only", usageHelpWidth = 100, sortOptions = false, abbreviateSynopsis = true)
    static final class Aliased {
        static final class Whole extends Commands.WholeIn {
            Whole() {
                super(1, 64);
            }
        }

        static final class Stage extends Commands.NumberIn {
            Stage() {
                super(1e-3, 1e7);
            }
        }

        @Option(names = {"--way", "--ways"}, paramLabel = "LIST", split = ",", hideParamSyntax = true, converter = Whole.class,
                description = "ways (default: 1,2)")
        List<Integer> ways;

        @Option(names = "--stage-us", paramLabel = "MICROS", converter = Stage.class, description = "per stage (default: 28)")
        Double stageMicros;

        @Mixin
        Commands.Help help = new Commands.Help();
    }

    @Test
    void anAliasIsNamedAsTypedAndListsAndNumbersAreChecked() {
        assertThat(Commands.parse(new Aliased(), "--ways", "8,2", "--way=4", "--stage-us", "1_000.5").ways).containsExactly(8, 2, 4);
        assertThat(Commands.parse(new Aliased(), "--stage-us=28").stageMicros).isEqualTo(28.0);
        assertThatThrownBy(() -> Commands.parse(new Aliased(), "--ways", "2,0")).hasMessage("option --ways: 0 is out of range 1..64");
        assertThatThrownBy(() -> Commands.parse(new Aliased(), "--way=2", "--ways=3,x")).hasMessage("option --ways: 'x' is not a whole number");
        assertThatThrownBy(() -> Commands.parse(new Aliased(), "--ways", "2,")).hasMessage("option --ways: empty item in '2,'");
        assertThatThrownBy(() -> Commands.parse(new Aliased(), "--stage-us", "NaN")).hasMessage("option --stage-us: NaN is out of range 0.001..10000000");
        assertThatThrownBy(() -> Commands.parse(new Aliased(), "--stage-us", "-3")).hasMessage("option --stage-us: -3 is out of range 0.001..10000000");
        assertThatThrownBy(() -> Commands.parse(new Aliased(), "--stage-us", "fast")).hasMessage("option --stage-us: 'fast' is not a number");
        assertThatThrownBy(() -> Commands.parse(new Aliased(), "--ways")).hasMessage("option --ways needs a value (LIST)");
        assertThatThrownBy(() -> Commands.parse(new Aliased(), "--wa", "2")).hasMessageStartingWith("unknown option '--wa'");
        assertThat(Commands.usage(new Aliased())).contains("      --way, --ways=LIST");
    }

    @Test
    void listsAreRunSortedOnceAndDefaultsShownAsTyped() {
        assertThat(Commands.sorted(Commands.parse(new Aliased(), "--ways", "8,2,2").ways, List.of(1))).containsExactly(2, 8);
        assertThat(Commands.sorted(Commands.parse(new Aliased()).ways, List.of(4, 1))).containsExactly(1, 4);
        assertThat(Commands.quickOrFull(List.of(1, 2, 4, 8), List.of(1, 2, 3, 4, 8))).isEqualTo("1,2,4,8; --full: 1,2,3,4,8");
        assertThat(Commands.quickOrFull(28.0, 28.0)).isEqualTo("28");
        assertThat(Commands.quickOrFull(0.5, 17.0)).isEqualTo("0.5; --full: 17");
    }
}
