package dev.modelsphere.swiss.server.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.function.Supplier;

/**
 * How every route answers: JSON laid out as the reference lays it out (two-space indent, {@code
 * "key": value}, a trailing newline) with {@code application/json; charset=utf-8}; errors as {@code
 * {"error": "..."}}.
 */
public final class Json {
  public static final String CONTENT_TYPE = "application/json; charset=utf-8";

  static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .addModule(new JavaTimeModule())
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          // Clients may send fields this server does not know, as the reference's decoder allows.
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .defaultPrettyPrinter(goIndent())
          .enable(SerializationFeature.INDENT_OUTPUT)
          .build();

  private Json() {}

  /** Answers {@code status} with {@code body} as JSON. */
  public static void reply(Context ctx, int status, Object body) {
    ctx.status(status).contentType(CONTENT_TYPE).result(text(body));
  }

  /** Answers 200 with {@code body} as JSON. */
  public static void ok(Context ctx, Object body) {
    reply(ctx, 200, body);
  }

  /**
   * Answers 200 with what {@code answer} computes; a domain failure it throws is answered by its
   * kind ({@link ErrorStatus}).
   */
  public static void answer(Context ctx, Supplier<?> answer) {
    ok(ctx, answer.get());
  }

  /** Answers {@code {"error": message}} with {@code status}. */
  public static void error(Context ctx, int status, String message) {
    reply(ctx, status, Map.of("error", message));
  }

  /**
   * The request body as {@code type}.
   *
   * @throws ApiException 400 when the body is not JSON of that shape
   */
  public static <T> T body(Context ctx, Class<T> type) {
    try {
      T value = MAPPER.readValue(ctx.bodyAsBytes(), type);
      if (value == null) {
        throw new ApiException(400, "the request body is empty: send a JSON object");
      }
      return value;
    } catch (IOException e) {
      throw new ApiException(
          400, "the request body is not valid JSON: %s".formatted(firstLine(e.getMessage())));
    }
  }

  /**
   * The request body as a JSON object.
   *
   * @throws ApiException 400 when it is not JSON or not an object
   */
  public static Map<String, Object> bodyObject(Context ctx) {
    Object value = body(ctx, Object.class);
    if (!(value instanceof Map<?, ?> map)) {
      throw new ApiException(400, "the request body must be a JSON object");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> object = (Map<String, Object>) map;
    return object;
  }

  /** The JSON text of {@code body}, ending in a newline. */
  public static String text(Object body) {
    try {
      return MAPPER.writeValueAsString(body) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The JSON text of {@code body} on one line, as an event stream's {@code data:} field needs. */
  public static String line(Object body) {
    try {
      return MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(body);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "unreadable";
    }
    int end = message.indexOf('\n');
    return end < 0 ? message : message.substring(0, end);
  }

  /** Go's {@code json.MarshalIndent(v, "", " ")}: one value per line, nothing inside {@code {}}. */
  private static DefaultPrettyPrinter goIndent() {
    DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
    Separators separators =
        Separators.createDefaultInstance()
            .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
            .withObjectEmptySeparator("")
            .withArrayEmptySeparator("");
    return new DefaultPrettyPrinter(separators)
        .withObjectIndenter(indenter)
        .withArrayIndenter(indenter);
  }
}
