from .game import HostRun

ENGINE = HostRun()

__all__ = ["ENGINE", "HostRun"]
