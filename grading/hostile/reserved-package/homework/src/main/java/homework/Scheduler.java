package miniasyncio;

/** hostile: a class in the kit's own package, hoping to replace the runtime's Scheduler. */
public class Scheduler {
}
