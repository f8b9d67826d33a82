package dev.modelsphere.swiss.values;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The one family of JSON mappers for documents that are not strict swiss formats (those go through
 * {@link Json} and {@link Yaml}): other services' answers, the API server's and helm's own JSON,
 * values trees on their way to a file. Mappers are thread-safe and costly to build, so each
 * configuration exists once; a caller picks the one whose rule it needs.
 */
public final class JsonMappers {
  /**
   * Jackson's defaults: trees and plain records. Reading into a tree never meets an unknown key,
   * and a record read this way refuses one.
   */
  public static final JsonMapper PLAIN = JsonMapper.builder().build();

  /**
   * Integers read as {@code Long}, as values trees hold them, for JSON that comes from Go programs
   * (helm's release payload, the API server): a replica count must compare equal to the one swiss
   * composed whatever its size.
   */
  public static final ObjectMapper LONG_INTEGERS =
      PLAIN.rebuild().enable(DeserializationFeature.USE_LONG_FOR_INTS).build();

  /** Maps written with their keys sorted, for output that must not depend on insertion order. */
  public static final ObjectMapper SORTED_KEYS = Mappers.RECORDS;

  private JsonMappers() {}
}
