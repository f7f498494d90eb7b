import TerminiTerminal
import TerminiRuntime

// Termination signals become events of the main loop; crashes restore the terminal.
// This must happen before anything else, so no thread ever runs with them unblocked.
Terminal.prepareProcess()

// The rest, from the command line to the exit status: TerminiRuntime's Main.
Main.run(arguments: Array(CommandLine.arguments.dropFirst()))
