package dev.modelsphere.swiss.deploy.view;

/**
 * Which window of the deployments list to show. Query values that are not positive numbers fall
 * back to the defaults, as the reference does, rather than failing the page.
 */
public record Paging(int page, int perPage) {
  public static final int DEFAULT_PER_PAGE = 25;
  public static final int MAX_PER_PAGE = 100;

  public Paging {
    page = Math.max(page, 1);
    perPage = perPage <= 0 ? DEFAULT_PER_PAGE : Math.min(perPage, MAX_PER_PAGE);
  }

  /** From the raw {@code page} and {@code perPage} query values; null means absent. */
  public static Paging parse(String page, String perPage) {
    return new Paging(number(page), number(perPage));
  }

  public static Paging first() {
    return new Paging(1, DEFAULT_PER_PAGE);
  }

  /** The index of the window's first row in the whole list. */
  int from(int total) {
    return (int) Math.min((long) (page - 1) * perPage, total);
  }

  int to(int total) {
    return (int) Math.min((long) from(total) + perPage, total);
  }

  private static int number(String text) {
    if (text == null) {
      return 0;
    }
    try {
      return Integer.parseInt(text.strip());
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
