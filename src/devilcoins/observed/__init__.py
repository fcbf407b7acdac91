"""Observed games (touch and sight): least worst-case trees and their independent check."""
