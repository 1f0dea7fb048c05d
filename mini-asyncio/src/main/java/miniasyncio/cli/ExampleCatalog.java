package miniasyncio.cli;

import java.util.List;

/**
 * A module's list of examples, in the order {@code list} shows them. The CLI knows the catalogs
 * by class name ({@link Examples#CATALOGS}) and loads those that are on the class path: the
 * runtime's own, then the homework's, then the exercises'.
 */
public interface ExampleCatalog {

    /** A heading for {@code list}, e.g. "Lecture 7: mini_asyncio". */
    String title();

    List<ExampleInfo> examples();
}
