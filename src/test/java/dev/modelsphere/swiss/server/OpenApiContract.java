package dev.modelsphere.swiss.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;
import dev.modelsphere.swiss.testing.SharedFixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code docs/openapi.yaml} as a test oracle: which documented path a request hit, and whether a
 * real JSON answer fits the schema the document gives for its status.
 */
public final class OpenApiContract {
  public static final Path DOCUMENT = SharedFixtures.project().resolve("docs/openapi.yaml");
  private static final String IRI = "https://swiss.test/openapi.json";
  private static final String DECODED_IRI = "https://swiss.test/openapi-decoded.json";
  private static final String EVENT =
      "/paths/~1api~1events/get/responses/200/content/text~1event-stream/itemSchema";
  private static final String CATCH_ALL = "/{path}";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final OpenApiContract INSTANCE = new OpenApiContract();

  private final JsonNode document;
  private final SchemaRegistry registry;

  private OpenApiContract() {
    try {
      document = new YAMLMapper().readTree(DOCUMENT.toFile());
      String json = JSON.writeValueAsString(document);
      String decoded = JSON.writeValueAsString(decoded(document));
      // OpenAPI 3.2's schema dialect is 3.1's (JSON Schema 2020-12 and the same vocabulary).
      registry =
          SchemaRegistry.withDefaultDialect(
              Dialects.getOpenApi31(),
              builder -> builder.schemas(Map.of(IRI, json, DECODED_IRI, decoded)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static OpenApiContract get() {
    return INSTANCE;
  }

  /** Every documented operation as {@code METHOD /path/{param}}. */
  public List<String> operations() {
    List<String> out = new ArrayList<>();
    document
        .path("paths")
        .fields()
        .forEachRemaining(
            path ->
                path.getValue()
                    .fieldNames()
                    .forEachRemaining(
                        method -> out.add(method.toUpperCase() + " " + path.getKey())));
    return out;
  }

  /**
   * The problems of {@code json} as the answer {@code status} of {@code method} on {@code rawPath};
   * empty when it fits. A status the operation does not document is a problem.
   */
  public List<String> problems(String method, String rawPath, int status, String json) {
    String template =
        template(rawPath)
            .orElseThrow(
                () -> new AssertionError("no documented path matches %s".formatted(rawPath)));
    String operation = "/paths/%s/%s".formatted(escape(template), method.toLowerCase());
    if (document.at(operation).isMissingNode()) {
      // No route serves this method here: only the server's refusals may answer, those of
      // requests from elsewhere (403, 415, 421) included, which come before routing.
      return List.of(401, 403, 404, 405, 413, 415, 421).contains(status)
          ? validate("/components/schemas/Error", json)
          : List.of("%s %s is not documented".formatted(method, template));
    }
    String response = operation + "/responses/" + status;
    JsonNode node = document.at(response);
    if (node.isMissingNode()) {
      return List.of("%s %s does not document status %d".formatted(method, template, status));
    }
    if (node.has("$ref")) {
      response = node.get("$ref").asText().substring(1);
    }
    String schemaPointer = response + "/content/application~1json/schema";
    if (document.at(schemaPointer).isMissingNode()) {
      return List.of("%s %s %d documents no JSON body".formatted(method, template, status));
    }
    return validate(schemaPointer, json);
  }

  /**
   * The problems of {@code json} as the JSON request body of {@code method} on the documented path
   * {@code template}: what its schema refuses, and each member the schema does not name (a route
   * ignores a member it does not know, so a client that sends one has sent nothing).
   */
  public List<String> requestProblems(String method, String template, String json) {
    String pointer =
        "/paths/%s/%s/requestBody/content/application~1json/schema"
            .formatted(escape(template), method.toLowerCase());
    JsonNode schema = document.at(pointer);
    if (schema.isMissingNode()) {
      return List.of("%s %s documents no JSON request body".formatted(method, template));
    }
    List<String> documented = new ArrayList<>();
    members(schema, documented);
    List<String> problems = new ArrayList<>(validate(pointer, json));
    try {
      Iterator<String> members = JSON.readTree(json).fieldNames();
      while (members.hasNext()) {
        String member = members.next();
        if (!documented.contains(member)) {
          problems.add("%s %s: member %s is not documented".formatted(method, template, member));
        }
      }
    } catch (IOException e) {
      problems.add("not JSON: " + json);
    }
    return problems;
  }

  /** The members an object schema names, through its {@code $ref} and {@code allOf}. */
  private void members(JsonNode schema, List<String> into) {
    if (schema.has("$ref")) {
      members(document.at(schema.get("$ref").asText().substring(1)), into);
    }
    schema.path("properties").fieldNames().forEachRemaining(into::add);
    schema.path("allOf").forEach(part -> members(part, into));
  }

  /**
   * The problems of one server-sent event of {@code GET /api/events} as the document describes the
   * stream's events (its {@code itemSchema}); empty when it fits. The event is checked twice: as a
   * client's parser gives it, {@code data} the text of its {@code data:} lines, and with that text
   * read as the JSON its {@code contentMediaType} says it is, against its {@code contentSchema}.
   * JSON Schema makes {@code contentSchema} an annotation only, so the second check is this
   * oracle's to make, as schemathesis makes it.
   *
   * @param data the event's one line of JSON
   */
  public List<String> eventProblems(String id, String event, String data) {
    ObjectNode received = JSON.createObjectNode().put("id", id).put("event", event);
    List<String> problems = validate(IRI, EVENT, received.put("data", data).toString());
    if (!problems.isEmpty()) {
      return problems;
    }
    try {
      received.set("data", JSON.readTree(data));
    } catch (IOException e) {
      return List.of("event %s: data is not JSON: %s".formatted(event, data));
    }
    return validate(DECODED_IRI, EVENT, received.toString());
  }

  /**
   * {@code node} as a reader that decodes embedded JSON sees it: every string schema whose {@code
   * contentMediaType} is JSON replaced by its {@code contentSchema}.
   */
  private static JsonNode decoded(JsonNode node) {
    if (node.isObject()
        && "application/json".equals(node.path("contentMediaType").asText())
        && node.has("contentSchema")) {
      return decoded(node.get("contentSchema"));
    }
    if (node.isObject()) {
      ObjectNode copy = JSON.createObjectNode();
      node.fields().forEachRemaining(f -> copy.set(f.getKey(), decoded(f.getValue())));
      return copy;
    }
    if (node.isArray()) {
      ArrayNode copy = JSON.createArrayNode();
      node.forEach(item -> copy.add(decoded(item)));
      return copy;
    }
    return node;
  }

  /** The problems of {@code yaml}, the 200 answer of {@code GET} {@code path} as YAML. */
  public List<String> yamlProblems(String path, String yaml) {
    String schema =
        "/paths/%s/get/responses/200/content/application~1yaml/schema".formatted(escape(path));
    if (document.at(schema).isMissingNode()) {
      return List.of("GET %s documents no YAML answer".formatted(path));
    }
    try {
      return validate(schema, JSON.writeValueAsString(new YAMLMapper().readTree(yaml)));
    } catch (IOException e) {
      return List.of("GET %s answered no YAML: %s".formatted(path, e.getMessage()));
    }
  }

  private List<String> validate(String schemaPointer, String json) {
    return validate(IRI, schemaPointer, json);
  }

  private List<String> validate(String documentIri, String schemaPointer, String json) {
    Schema schema = registry.getSchema(SchemaLocation.of(documentIri + "#" + schemaPointer));
    List<Error> errors = schema.validate(json, InputFormat.JSON);
    return errors.stream().map(Error::toString).toList();
  }

  /**
   * The documented path template {@code rawPath} matches: the web UI's catch-all last, then the one
   * with the fewest parameters, as the server's router prefers them.
   */
  Optional<String> template(String rawPath) {
    List<String> candidates = new ArrayList<>();
    Iterator<String> names = document.path("paths").fieldNames();
    names.forEachRemaining(candidates::add);
    return candidates.stream()
        .filter(t -> toRegex(t).matcher(rawPath).matches())
        .min(
            Comparator.comparing((String t) -> t.equals(CATCH_ALL))
                .thenComparingInt(t -> t.split("\\{", -1).length));
  }

  private static Pattern toRegex(String template) {
    // A trailing {path} stands for the rest of the path, slashes and all (the web UI's routes).
    String regex =
        Pattern.quote(template)
            .replaceAll("\\{path}", "\\\\E.+\\\\Q")
            .replaceAll("\\{[^}]+}", "\\\\E[^/]+\\\\Q");
    return Pattern.compile(regex);
  }

  private static String escape(String path) {
    return path.replace("~", "~0").replace("/", "~1");
  }
}
