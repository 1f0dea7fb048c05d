package homework;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import miniasyncio.Clock;
import miniasyncio.DeadlockException;
import miniasyncio.Scheduler;
import miniasyncio.Step;
import miniasyncio.Task;

/**
 * Верное решение, написанное по-русски: русские комментарии, имена на кириллице (поля, методы,
 * вложенная запись и класс верхнего уровня), концы строк CRLF и метка порядка байтов (BOM) в
 * начале файла, как их пишет редактор в Windows. Имена классов на кириллице дают файлы классов
 * с такими же именами: проверяющий должен их принять.
 */
public class HomeworkScheduler extends Scheduler {

    /** Ребро графа ожидания: кто ждёт и кого. */
    private record Ожидание(Task ждущий, int цель) {
    }

    /** tid -> задачи, которые его ждут, в порядке, в каком начали ждать. */
    private final Map<Integer, ArrayDeque<Task>> ждущиеПоTid = new HashMap<>();
    /** Каждая запаркованная задача -> её ребро. */
    private final Map<Task, Ожидание> рёбра = new LinkedHashMap<>();

    public HomeworkScheduler() {
        super();
    }

    public HomeworkScheduler(Clock часы) {
        super(часы);
    }

    @Override
    protected void handleSyscall(Task задача, Object вызов) {
        if (вызов instanceof AwaitTask(int цель)) {
            припарковать(задача, цель);
        } else {
            super.handleSyscall(задача, вызов);
        }
    }

    private void припарковать(Task ждущий, int цель) {
        String ошибка = Проверка.почемуНельзя(ждущий.tid(), цель, nextId);
        if (ошибка != null) {
            scheduleThrow(ждущий, new IllegalArgumentException(ошибка));
            return;
        }
        Step.Outcome итог = takeResult(цель);
        if (итог != null) {
            разбудить(ждущий, итог); // уже завершилась: ждать нечего
            return;
        }
        ждущиеПоTid.computeIfAbsent(цель, t -> new ArrayDeque<>()).addLast(ждущий);
        рёбра.put(ждущий, new Ожидание(ждущий, цель));
    }

    private void разбудить(Task ждущий, Step.Outcome итог) {
        switch (итог) {
            case Step.Returned(Object значение) -> schedule(ждущий, значение);
            case Step.Failed(Throwable исключение) -> scheduleThrow(ждущий, исключение);
        }
    }

    @Override
    protected void finishTask(Task задача, Step.Outcome итог) {
        super.finishTask(задача, итог);
        ArrayDeque<Task> ждущие = ждущиеПоTid.remove(задача.tid());
        if (ждущие == null) {
            return; // никто не ждёт: ошибка остаётся неполученной
        }
        takeResult(задача.tid());
        for (Task ждущий : ждущие) {
            рёбра.remove(ждущий);
            разбудить(ждущий, итог);
        }
    }

    @Override
    protected boolean hasWork() {
        return super.hasWork() || !рёбра.isEmpty();
    }

    @Override
    protected List<Task> pendingTasks() {
        List<Task> всеЖдущие = super.pendingTasks();
        всеЖдущие.addAll(рёбра.keySet());
        return всеЖдущие;
    }

    @Override
    protected DeadlockException deadlock() {
        Map<Integer, Task> поTid = new HashMap<>();
        for (Task t : рёбра.keySet()) {
            поTid.put(t.tid(), t);
        }
        for (Task начало : рёбра.keySet()) {
            List<Task> путь = new ArrayList<>();
            Task где = начало;
            while (где != null && !путь.contains(где)) {
                путь.add(где);
                Ожидание ребро = рёбра.get(где);
                где = ребро == null ? null : поTid.get(ребро.цель());
            }
            if (где != null) {
                StringBuilder цикл = new StringBuilder("взаимоблокировка: ");
                for (Task t : путь.subList(путь.indexOf(где), путь.size())) {
                    цикл.append(t).append(" ждёт ");
                }
                return new DeadlockException(цикл.append(где).toString());
            }
        }
        return super.deadlock();
    }
}

/** Проверки аргумента awaitTask: класс верхнего уровня с именем на кириллице. */
final class Проверка {

    private Проверка() {
    }

    /** Почему задача {@code свой} не может ждать {@code цель}, или null. */
    static String почемуНельзя(int свой, int цель, int последний) {
        if (цель == свой) {
            return "awaitTask(" + цель + "): задача не может ждать саму себя (tid " + цель + ")";
        }
        if (цель < 1 || цель > последний) {
            return "awaitTask(" + цель + "): нет задачи с tid " + цель;
        }
        return null;
    }
}
