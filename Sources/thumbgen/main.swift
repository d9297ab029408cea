import Glibc
import ThumbgenKit

exit(Thumbgen.run(Array(CommandLine.arguments.dropFirst())).rawValue)
