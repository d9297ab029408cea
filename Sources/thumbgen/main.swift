import Glibc
import ThumbgenCLI

exit(Thumbgen.main().rawValue)
