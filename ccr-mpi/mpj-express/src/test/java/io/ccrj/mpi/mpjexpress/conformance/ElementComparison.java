package io.ccrj.mpi.mpjexpress.conformance;

import java.lang.reflect.Array;
import java.util.List;
import java.util.Objects;

/**
 * Element-by-element comparison of kernel results: arrays and lists recursively, doubles by
 * their bits (so {@code -0.0 != 0.0} and a last-bit difference counts), boxed values and strings
 * by {@code equals} and class. Reports the path of the first difference, such as
 * {@code [2][1][0]: expected 4.5 but was 4.499999999999999}.
 */
public final class ElementComparison {

    private ElementComparison() {
    }

    /**
     * The first difference between {@code expected} and {@code actual}.
     *
     * @return {@code null} if equal element by element, else where and how they differ
     */
    public static String firstDifference(Object expected, Object actual) {
        return diff("", expected, actual);
    }

    private static String diff(String path, Object e, Object a) {
        if (e == null || a == null) {
            return e == a ? null : at(path) + "expected " + show(e) + " but was " + show(a);
        }
        if (e instanceof List<?> le) {
            if (!(a instanceof List<?> la)) {
                return at(path) + "expected a list but was " + show(a);
            }
            if (le.size() != la.size()) {
                return at(path) + "expected " + le.size() + " elements but was " + la.size() + ": " + show(a);
            }
            for (int i = 0; i < le.size(); i++) {
                String d = diff(path + "[" + i + "]", le.get(i), la.get(i));
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (e.getClass().isArray()) {
            if (a.getClass() != e.getClass()) {
                return at(path) + "expected a " + e.getClass().getSimpleName() + " but was " + show(a);
            }
            int n = Array.getLength(e);
            if (n != Array.getLength(a)) {
                return at(path) + "expected length " + n + " but was " + Array.getLength(a) + ": " + show(a);
            }
            for (int i = 0; i < n; i++) {
                String d = diff(path + "[" + i + "]", Array.get(e, i), Array.get(a, i));
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (e instanceof Double de && a instanceof Double da) {
            return Double.doubleToRawLongBits(de) == Double.doubleToRawLongBits(da) ? null
                    : at(path) + "expected " + de + " but was " + da;
        }
        if (e.getClass() != a.getClass() || !Objects.equals(e, a)) {
            return at(path) + "expected " + show(e) + " but was " + show(a);
        }
        return null;
    }

    private static String at(String path) {
        return path.isEmpty() ? "" : path + ": ";
    }

    static String show(Object o) {
        if (o == null) {
            return "null";
        }
        if (o.getClass().isArray()) {
            StringBuilder b = new StringBuilder("[");
            for (int i = 0; i < Array.getLength(o); i++) {
                b.append(i == 0 ? "" : ", ").append(show(Array.get(o, i)));
            }
            return b.append(']').toString();
        }
        if (o instanceof List<?> l) {
            StringBuilder b = new StringBuilder("List[");
            for (int i = 0; i < l.size(); i++) {
                b.append(i == 0 ? "" : ", ").append(show(l.get(i)));
            }
            return b.append(']').toString();
        }
        return o instanceof String s ? '"' + s + '"' : o + " (" + o.getClass().getSimpleName() + ")";
    }
}
