/**
 * Values trees, the string-keyed maps of chart values that every layer of a plan is made of, and
 * the one place swiss reads and writes YAML ({@link dev.modelsphere.swiss.values.Yaml}) and decodes
 * JSON documents ({@link dev.modelsphere.swiss.values.Json}).
 *
 * <p>A tree holds nested {@code Map<String, Object>}, lists (opaque, never recursed into), strings,
 * booleans, integers ({@code Long}, {@code BigInteger} above its range; {@code Integer} in trees
 * built by hand), floats ({@code Double}) and explicit nulls. Merging follows helm's values-file
 * rules.
 */
package dev.modelsphere.swiss.values;
