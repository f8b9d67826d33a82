package dev.modelsphere.swiss.helm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import dev.modelsphere.swiss.kube.ObjectRefusal;
import dev.modelsphere.swiss.values.JsonMappers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The Java twins of the Helm library's boundary structs read and write exactly the JSON fields the
 * Go structs do, as {@code native/helm/boundary.txt} describes them (a Go test keeps that file true
 * to the structs): a field renamed on one side only fails here, not as a silent zero at run time.
 */
class BoundaryTwinsTest {

  private static final Path DESCRIPTION = Path.of("native/helm/boundary.txt");

  /** Each Go struct that crosses the boundary and its Java twin. */
  private static final Map<String, Class<?>> TWINS =
      Map.ofEntries(
          Map.entry("Request", LibraryRequest.class),
          Map.entry("ChartRef", LibraryChart.class),
          Map.entry("Answer", LibraryAnswer.class),
          Map.entry("Error", LibraryAnswer.Failure.class),
          Map.entry("Conflict", FieldConflict.class),
          Map.entry("Refusal", ObjectRefusal.class),
          Map.entry("Outcome", HelmOutcome.class),
          Map.entry("Rendered", LibraryResults.Rendered.class),
          Map.entry("Uninstalled", LibraryResults.Uninstalled.class),
          Map.entry("Values", LibraryResults.Values.class),
          Map.entry("Packaged", LibraryResults.Packaged.class),
          Map.entry("Digest", LibraryResults.Digest.class),
          Map.entry("Memory", NativeMemory.class));

  @Test
  void everyJavaTwinHasExactlyTheFieldsOfItsGoStruct() throws IOException {
    Map<String, TreeSet<String>> goFields = described();

    assertThat(goFields.keySet()).as("structs with a twin").isEqualTo(TWINS.keySet());
    for (Map.Entry<String, Class<?>> twin : TWINS.entrySet()) {
      assertThat(javaFields(twin.getValue()))
          .as("%s's twin %s", twin.getKey(), twin.getValue().getSimpleName())
          .isEqualTo(goFields.get(twin.getKey()));
    }
  }

  @Test
  void theDescriptionIsOfTheProtocolSwissSpeaks() throws IOException {
    assertThat(Files.readAllLines(DESCRIPTION).get(0))
        .as("raise HelmLibrary.PROTOCOL with protocolVersion in boundary.go")
        .startsWith("# protocol " + HelmLibrary.PROTOCOL + ":");
  }

  /** Struct name to its lines "<json field> <json type>". */
  private static Map<String, TreeSet<String>> described() throws IOException {
    return Files.readAllLines(DESCRIPTION).stream()
        .filter(line -> !line.isBlank() && !line.startsWith("#"))
        .map(line -> line.split(" ", 2))
        .collect(
            Collectors.groupingBy(
                parts -> parts[0],
                Collectors.mapping(parts -> parts[1], Collectors.toCollection(TreeSet::new))));
  }

  /** The twin's properties as Jackson reads them, typed as boundary.txt types them. */
  private static TreeSet<String> javaFields(Class<?> twin) {
    JavaType type = JsonMappers.PLAIN.constructType(twin);
    BeanDescription bean = JsonMappers.PLAIN.getDeserializationConfig().introspect(type);
    TreeSet<String> fields = new TreeSet<>();
    for (BeanPropertyDefinition property : bean.findProperties()) {
      fields.add(property.getName() + " " + jsonType(property.getPrimaryType()));
    }
    return fields;
  }

  private static String jsonType(JavaType type) {
    Class<?> raw = type.getRawClass();
    if (raw == String.class) {
      return "string";
    }
    if (raw == boolean.class || raw == Boolean.class) {
      return "boolean";
    }
    if (List.of(int.class, long.class, Integer.class, Long.class).contains(raw)) {
      return "integer";
    }
    if (type.isCollectionLikeType()) {
      return "array:" + jsonType(type.getContentType());
    }
    if (JsonNode.class.isAssignableFrom(raw)) {
      return "any";
    }
    return TWINS.entrySet().stream()
        .filter(twin -> twin.getValue() == raw)
        .map(Map.Entry::getKey)
        .findFirst()
        .orElse("no twin: " + raw.getName());
  }
}
