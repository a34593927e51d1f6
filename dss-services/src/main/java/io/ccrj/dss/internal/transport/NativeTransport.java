package io.ccrj.dss.internal.transport;

import io.ccrj.dss.internal.Internal;
import io.netty.channel.epoll.Epoll;

import java.lang.reflect.Method;

/**
 * Whether the host uses Netty's native epoll transport or its NIO one. Epoll is faster (edge
 * triggered, fewer system calls and copies per read and write) but loads a native library, and
 * from JDK 24 the JDK prints a "restricted method ... has been called" warning when code without
 * native access does so. An application embedding the host should not see that warning merely
 * because it did not pass {@code --enable-native-access=ALL-UNNAMED}: without native access the
 * host quietly uses NIO and never touches the native library. The host jar's manifest declares
 * {@code Enable-Native-Access: ALL-UNNAMED}, so {@code java -jar} and {@code bin/ccrj host} get epoll.
 */
@Internal
public final class NativeTransport {
    private static final boolean EPOLL = nativeAccessEnabled() && Epoll.isAvailable();

    private NativeTransport() {
    }

    /** {@return {@code true} to use Netty's epoll transport, {@code false} for NIO} */
    public static boolean epoll() {
        return EPOLL;
    }

    /**
     * Whether the modules that would load Netty's native library may do so without a warning.
     * {@code Module.isNativeAccessEnabled()} exists from JDK 22 (the project compiles for 21, so
     * it is called reflectively); before JDK 22 loading a library never warns.
     *
     * @return {@code true} where loading a native library is allowed silently
     */
    static boolean nativeAccessEnabled() {
        Method check;
        try {
            check = Module.class.getMethod("isNativeAccessEnabled");
        } catch (NoSuchMethodException e) {
            return true;
        }
        try {
            // Epoll's own module, and Netty's common module, whose loader calls System.load
            for (Class<?> c : new Class<?>[] {Epoll.class, io.netty.util.internal.PlatformDependent.class}) {
                if (!(Boolean) check.invoke(c.getModule())) {
                    return false;
                }
            }
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false; // cannot tell: NIO works everywhere and warns about nothing
        }
    }
}
