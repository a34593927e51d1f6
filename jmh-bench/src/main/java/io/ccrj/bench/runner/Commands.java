package io.ccrj.bench.runner;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;

/**
 * The runners' command lines, declared for picocli as {@code bin/ccrj host} and
 * {@code bin/ccrj mpirun} declare theirs: GNU-style long options ({@code --out DIR} or
 * {@code --out=DIR}), no abbreviations, lists comma-separated, the last of a repeated option wins,
 * help wrapped at 100 columns with every option's default. A runner declares a
 * {@code @Command(name = "bin/ccrj NAME", usageHelpWidth = 100, sortOptions = false, abbreviateSynopsis = true)}
 * class of {@code @Option} fields (the converters and mixins here do the checks every runner shares),
 * then calls {@link #parse} and {@link #usage}.
 *
 * <p>Every problem is one {@link IllegalArgumentException} whose message is one line naming the
 * option as the user typed it ({@code option --forks: 0 is out of range 1..100}), never a Java type:
 * {@link Main} prints it with a hint to {@code --help} and exits 2. Two things picocli would let
 * through are rejected before it parses: a value given to a flag ({@code --full=yes}; picocli takes
 * {@code --full=false}) and an empty item of a list ({@code --sizes=1,,4}, {@code --ways=}; picocli
 * drops a trailing one).
 *
 * <p>A command object is filled by one parse on one thread; a fresh one is made for every parse.
 */
public final class Commands {
    private Commands() {
    }

    /**
     * What an option's help shows as its default, for defaults that are no constant of the option
     * (the JMH settings, quick or {@code --full}; a folder named by the time it is made). The command
     * object or a mixin implements it; its descriptions say {@code (default: ${DEFAULT-VALUE})}.
     */
    public interface ShowsDefaults {
        /**
         * @param option the option's longest name, e.g. {@code --forks}
         * @return the default as the help shows it, or {@code null} where this object has none
         */
        String shownDefault(String option);
    }

    /**
     * A list option's items in their natural order, each once, or {@code fallback} (so ordered)
     * where it was not given: {@code --ways 8,2,2} is {@code 2,8}.
     *
     * @param given the parsed field, {@code null} when not given
     * @param fallback the quick or full default
     * @return the items to run
     */
    public static <T extends Comparable<? super T>> List<T> sorted(List<T> given, List<T> fallback) {
        return List.copyOf(new TreeSet<>(given != null ? given : fallback));
    }

    /**
     * A default as {@link ShowsDefaults} shows it: {@code 1,2,4,8; --full: 1,2,3,4,8}, or the one
     * value where quick and full runs share it. Lists are comma-separated, as they are typed.
     */
    public static String quickOrFull(Object quick, Object full) {
        String q = typedForm(quick);
        String f = typedForm(full);
        return q.equals(f) ? q : q + "; --full: " + f;
    }

    private static String typedForm(Object value) {
        if (value instanceof java.util.Collection<?> c) {
            return c.stream().map(Commands::typedForm).collect(Collectors.joining(","));
        }
        if (value instanceof Double d && d == Math.rint(d)) {
            return String.format(Locale.ROOT, "%.0f", d);
        }
        return String.valueOf(value);
    }

    /** The picocli settings every runner shares. */
    static CommandLine commandLine(Object command) {
        CommandLine cl = new CommandLine(command);
        cl.setOverwrittenOptionsAllowed(true); // scripts repeat options; the last one wins
        cl.setAbbreviatedOptionsAllowed(false);
        cl.setUnmatchedOptionsArePositionalParams(false);
        return cl;
    }

    /**
     * The usage text: picocli's help of the command, defaults filled in from the command and its
     * mixins ({@link ShowsDefaults}), first line {@code Usage: bin/ccrj NAME [OPTIONS]}, last the exit statuses.
     */
    public static String usage(Object command) {
        CommandLine cl = commandLine(command);
        CommandSpec spec = cl.getCommandSpec();
        // Only for the help: a parse never sees these texts, so they are never taken for values.
        cl.setDefaultValueProvider(arg -> arg instanceof OptionSpec o ? shownDefault(spec, o.longestName()) : null);
        return cl.getUsageMessage(CommandLine.Help.Ansi.OFF) + "\n" + EXIT_STATUS + "\n";
    }

    private static String shownDefault(CommandSpec spec, String option) {
        for (CommandSpec mixin : spec.mixins().values()) {
            if (mixin.findOption(option) != null && mixin.userObject() instanceof ShowsDefaults d && d.shownDefault(option) != null) {
                return d.shownDefault(option);
            }
        }
        return spec.userObject() instanceof ShowsDefaults d ? d.shownDefault(option) : null;
    }

    /**
     * Parses a command line into {@code command}, a fresh object of {@code @Option} fields.
     *
     * @return {@code command}, filled
     * @throws IllegalArgumentException one line naming the option as typed and what is wrong
     */
    public static <T> T parse(T command, String... args) {
        CommandLine cl = commandLine(command);
        CommandSpec spec = cl.getCommandSpec();
        checkTokens(spec, args);
        try {
            cl.parseArgs(args);
        } catch (CommandLine.UnmatchedArgumentException e) {
            String first = e.getUnmatched().isEmpty() ? "?" : e.getUnmatched().get(0);
            if (!first.startsWith("-")) {
                throw new IllegalArgumentException("unexpected argument '" + first + "' (options start with --)", e);
            }
            String name = first.contains("=") ? first.substring(0, first.indexOf('=')) : first;
            List<String> near = e.getSuggestions().stream().filter(s -> s.startsWith("--")).toList();
            throw new IllegalArgumentException("unknown option '" + name + "'"
                    + (near.isEmpty() ? "" : " (did you mean " + String.join(" or ", near) + "?)"), e);
        } catch (CommandLine.MissingParameterException e) {
            OptionSpec o = optionNamedIn(spec, e.getMessage());
            throw new IllegalArgumentException(o == null ? plain(e.getMessage())
                    : "option " + typed(args, o, null) + " needs a value (" + o.paramLabel() + ")", e);
        } catch (ParameterException e) {
            ArgSpec arg = e.getArgSpec();
            OptionSpec o = arg instanceof OptionSpec os ? os : optionNamedIn(spec, e.getMessage());
            if (o == null) {
                throw new IllegalArgumentException(plain(e.getMessage()), e);
            }
            String why = e.getCause() instanceof TypeConversionException t ? t.getMessage()
                    : e.getValue() != null ? "'" + e.getValue() + "' is not a valid value" : plain(e.getMessage());
            throw new IllegalArgumentException("option " + typed(args, o, e.getValue()) + ": " + why, e);
        }
        return command;
    }

    /** picocli names an option in its messages as {@code option '--forks'}. */
    private static final Pattern NAMED = Pattern.compile("option '(-[^']+)'");

    private static OptionSpec optionNamedIn(CommandSpec spec, String message) {
        Matcher m = NAMED.matcher(String.valueOf(message));
        return m.find() ? spec.findOption(m.group(1)) : null;
    }

    /**
     * The spelling of {@code o} the user typed ({@code --patterns} for {@code --pattern}; {@code --out=x}:
     * {@code --out}), preferring the occurrence that carries {@code value}; else its longest name.
     */
    static String typed(String[] args, OptionSpec o, String value) {
        String found = null;
        for (int i = 0; i < args.length && !args[i].equals("--"); i++) {
            int eq = args[i].indexOf('=');
            String name = eq < 0 ? args[i] : args[i].substring(0, eq);
            if (!List.of(o.names()).contains(name)) {
                continue;
            }
            String given = eq >= 0 ? args[i].substring(eq + 1) : i + 1 < args.length ? args[i + 1] : null;
            if (found == null || value != null && given != null && given.contains(value)) {
                found = name;
            }
        }
        return found != null ? found : o.longestName();
    }

    /** picocli's own words without Java's or picocli's type names. */
    private static String plain(String m) {
        return String.valueOf(m).replaceAll("\\b(java|javax|picocli|io\\.ccrj)\\.[\\w.$]+", "a value").replace("Error: ", "");
    }

    /**
     * What picocli would accept silently: {@code --flag=value} (it takes {@code true} and
     * {@code false}) and an empty item of a comma-separated list (it drops a trailing one, and
     * passes an inner one on as an empty string).
     */
    private static void checkTokens(CommandSpec spec, String... args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--")) {
                return;
            }
            if (!a.startsWith("-")) {
                continue;
            }
            int eq = a.indexOf('=');
            String name = eq < 0 ? a : a.substring(0, eq);
            OptionSpec o = spec.findOption(name);
            if (o == null || !List.of(o.names()).contains(name)) {
                continue; // unknown: picocli names it
            }
            if (o.arity().max() == 0) {
                if (eq >= 0) {
                    throw new IllegalArgumentException("option " + name + " takes no value, got '" + a + "'");
                }
                continue;
            }
            String value = eq >= 0 ? a.substring(eq + 1) : i + 1 < args.length ? args[++i] : null;
            if (!o.splitRegex().isEmpty() && value != null
                    && (value.isBlank() || value.startsWith(",") || value.endsWith(",") || value.contains(",,"))) {
                throw new IllegalArgumentException("option " + name + ": empty item in '" + value + "'");
            }
        }
    }

    /** Whole numbers from {@code min} to {@code max}, underscores allowed ({@code 500_000}). */
    public abstract static class WholeIn implements ITypeConverter<Integer> {
        private final int min;
        private final int max;

        /** @param min the least allowed @param max the most */
        protected WholeIn(int min, int max) {
            this.min = min;
            this.max = max;
        }

        @Override
        public Integer convert(String value) {
            int n;
            try {
                n = Integer.parseInt(value.strip().replace("_", ""));
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not a whole number");
            }
            if (n < min || n > max) {
                throw new TypeConversionException(n + " is out of range " + min + ".." + max);
            }
            return n;
        }
    }

    /** Numbers ({@code 1.5}, {@code 28}) from {@code min} to {@code max}, underscores allowed; NaN and infinities fail. */
    public abstract static class NumberIn implements ITypeConverter<Double> {
        private final double min;
        private final double max;

        /** @param min the least allowed @param max the most */
        protected NumberIn(double min, double max) {
            this.min = min;
            this.max = max;
        }

        @Override
        public Double convert(String value) {
            double n;
            try {
                n = Double.parseDouble(value.strip().replace("_", ""));
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not a number");
            }
            if (!(n >= min && n <= max)) {
                throw new TypeConversionException(value.strip() + " is out of range " + plainNumber(min) + ".." + plainNumber(max));
            }
            return n;
        }

        private static String plainNumber(double d) {
            return d == Math.rint(d) && Math.abs(d) < 1e15 ? String.format(Locale.ROOT, "%.0f", d) : Double.toString(d);
        }
    }

    /**
     * The items of a list option (or one value) through a parse function whose
     * {@link IllegalArgumentException} says what is wrong: {@code unknown experiment 'x' (known: ...)}.
     *
     * @param <T> the item type
     */
    public abstract static class Items<T> implements ITypeConverter<T> {
        private final Function<String, T> parse;

        /** @param parse the parse function */
        protected Items(Function<String, T> parse) {
            this.parse = parse;
        }

        @Override
        public T convert(String value) {
            try {
                return parse.apply(value.strip());
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A folder's name; a blank one fails. */
    public static final class FolderName implements ITypeConverter<Path> {
        @Override
        public Path convert(String value) {
            if (value.isBlank()) {
                throw new TypeConversionException("a folder is needed, got '" + value + "'");
            }
            return Path.of(value);
        }
    }

    /** A file's name; a blank one fails. */
    public static final class FileName implements ITypeConverter<Path> {
        @Override
        public Path convert(String value) {
            if (value.isBlank()) {
                throw new TypeConversionException("a file is needed, got '" + value + "'");
            }
            return Path.of(value);
        }
    }

    /**
     * {@code --out DIR}, the output folder of a section, as a mixin: {@code null} when not given,
     * where the section makes {@code results/<section>-<timestamp>}.
     */
    public static final class OutFolder implements ShowsDefaults {
        private final String section;

        @Option(names = "--out", paramLabel = "DIR", converter = FolderName.class,
                description = "output folder (default: ${DEFAULT-VALUE})")
        Path out;

        /** @param section the section's name in the default folder's, e.g. {@code dss} */
        public OutFolder(String section) {
            this.section = section;
        }

        /** @return the folder given, or {@code null} */
        public Path folder() {
            return out;
        }

        @Override
        public String shownDefault(String option) {
            return option.equals("--out") ? "results/" + section + "-<timestamp>" : null;
        }
    }

    /** {@code -h}/{@code --help} and {@code -V}/{@code --version}, as a mixin; {@link Main} answers both before any parse. */
    public static final class Help {
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "this text, every option with its default")
        boolean help;

        @Option(names = {"-V", "--version"}, versionHelp = true, description = "the version of ccrj and the commit built")
        boolean version;
    }

    /** The last lines of every runner's help: what its exit status means, the same for all of them. */
    static final String EXIT_STATUS = "Exit status: 0 done; 1 a run or a section failed (the message says which);\n"
            + "2 a bad command line (one line naming the option).";
}
