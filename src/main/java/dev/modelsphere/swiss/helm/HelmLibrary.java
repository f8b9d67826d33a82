package dev.modelsphere.swiss.helm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.values.JsonMappers;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * swiss's Helm 4 library (built from {@code native/helm}): Helm's own Go SDK, loaded in process
 * through JNA and called with one {@link LibraryRequest} per action, answered with a {@link
 * LibraryAnswer}. Both are twins of the library's Go structs, and the library names the version of
 * that boundary it speaks ({@link #PROTOCOL}), checked before its first call.
 */
final class HelmLibrary {

  /**
   * The boundary's version, the twin of {@code protocolVersion} in {@code native/helm/boundary.go}:
   * raised with it whenever a struct, a kind or an exported function changes.
   */
  static final int PROTOCOL = 2;

  // Unknown fields fail the read: a field the library renamed is an error, never a silent zero.
  private static final ObjectMapper JSON = JsonMappers.PLAIN;

  /** The C interface of {@code libswisshelm}. */
  private interface Native_ extends Library {
    int swiss_helm_protocol();

    Pointer swiss_helm_call(String request);

    void swiss_helm_free(Pointer answer);

    void swiss_helm_cancel(long callId);
  }

  // Loaded on first use: a CLI command that never calls Helm does not pay for the Go runtime.
  private static final class Loaded {
    static final Native_ LIB =
        Native.load(
            "swisshelm",
            Native_.class,
            Map.of(Library.OPTION_STRING_ENCODING, StandardCharsets.UTF_8.name()));

    /** Why the library cannot be used; null when it speaks swiss's protocol. */
    static final String REFUSAL = refusal(LIB);

    static {
      loaded = true;
    }
  }

  private static volatile boolean loaded;

  private HelmLibrary() {}

  /** Whether the library is in the process: asking a question of it would not load it. */
  static boolean isLoaded() {
    return loaded;
  }

  /**
   * Runs one request; returns its result as {@code type}.
   *
   * @throws HelmLibraryError when Helm failed, with the library's classification
   * @throws HelmException when the library speaks another protocol than swiss
   */
  static <T> T call(LibraryRequest request, Class<T> type) {
    requireProtocol();
    String text;
    try {
      text = JSON.writeValueAsString(request);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot encode a helm request", e);
    }
    Pointer answer = Loaded.LIB.swiss_helm_call(text);
    LibraryAnswer parsed;
    try {
      parsed =
          JSON.readValue(answer.getString(0, StandardCharsets.UTF_8.name()), LibraryAnswer.class);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the helm library answered what swiss cannot read", e);
    } finally {
      Loaded.LIB.swiss_helm_free(answer);
    }
    if (parsed.error() != null) {
      throw new HelmLibraryError(parsed.error());
    }
    try {
      return JSON.treeToValue(parsed.result(), type);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(
          "the helm library's %s result is not a %s".formatted(request.op(), type.getSimpleName()),
          e);
    }
  }

  /** Ends the running call with that id, which then answers {@code cancelled}. */
  static void cancel(long callId) {
    if (loaded) {
      Loaded.LIB.swiss_helm_cancel(callId);
    }
  }

  private static void requireProtocol() {
    if (Loaded.REFUSAL != null) {
      throw new HelmException(ErrorKind.FAILED, Loaded.REFUSAL);
    }
  }

  private static String refusal(Native_ lib) {
    try {
      return refusal(lib.swiss_helm_protocol());
    } catch (UnsatisfiedLinkError older) {
      return refusal(1);
    }
  }

  /** Why a library speaking {@code protocol} cannot be used; null when it can. */
  static String refusal(int protocol) {
    if (protocol == PROTOCOL) {
      return null;
    }
    return ("the Helm library swiss loaded speaks protocol %d, and this swiss speaks %d: it was"
            + " built from other sources than this swiss. Rebuild it with hack/helm-native (or"
            + " use the swiss build that came with it)")
        .formatted(protocol, PROTOCOL);
  }
}
